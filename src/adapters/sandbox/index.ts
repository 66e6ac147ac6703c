/**
 * `payment-plan-engine/sandbox`: the service on the core, offline. A
 * web-standard handler for every endpoint, a Node server, merchants from a
 * file, a SQLite store, a hosted widget and a test clock (docs/sandbox.md).
 *
 * This entry is the sandbox's public surface, listed name by name: what runs
 * a sandbox, configures its merchants, reads its store and describes its
 * answers. Its routes, operations and widget code stay inside.
 *
 * @module payment-plan-engine/sandbox
 */
export { hashApiKey, type SandboxClient } from "./api-keys.ts"
export { type CardBehaviour, TEST_CARDS } from "./cards.ts"
export { DEMO_MERCHANTS } from "./demo-merchants.ts"
export { type RequestLogFormat } from "./log.ts"
export {
  type HashProgress,
  MerchantsFileError,
  type MerchantsFileProblem,
  readMerchantProfile,
  readMerchantsFile
} from "./merchants-file.ts"
export {
  loadMerchants,
  MerchantConfig,
  type MerchantDirectory,
  type MerchantKey,
  type MerchantProfile,
  MERCHANTS_FILE_LIMITS,
  MerchantsFile,
  type SandboxMerchant
} from "./merchants.ts"
export { ERROR_STATUS, type ErrorBody, type ErrorCode, MAX_BODY_BYTES } from "./routes/http.ts"
export { type RequestLogEntry } from "./routes/router.ts"
export { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.ts"
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type ListenProblem,
  type RunningSandbox,
  SandboxListenError,
  type StartOptions,
  startSandbox
} from "./server.ts"
export { readSandboxSettings, SANDBOX_SETTINGS, type SandboxSettings, type SandboxSettingsSources } from "./settings.ts"
export {
  type CheckoutState,
  type SandboxCheckout,
  type SandboxStore,
  sqliteStore,
  type StoredCheckout,
  type StoredIdempotent,
  type StoredNote,
  type StoredPlan
} from "./store.ts"
export type { WebhookOptions } from "./webhooks/hooks.ts"
export { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from "./webhooks/schedule.ts"
export { DEFAULT_WEBHOOK_ALLOW } from "./webhooks/targets.ts"
