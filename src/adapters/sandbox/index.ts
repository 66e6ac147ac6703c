/**
 * `payment-plan-engine/sandbox`: the service on the core, offline. A
 * web-standard handler for every endpoint, a Node server, merchants from a
 * file, a SQLite store, a hosted widget and a test clock.
 *
 * @packageDocumentation
 */
export type { Route, Routes } from "../../core/wire/routes.ts"
export { type CardBehaviour, TEST_CARDS } from "./cards.ts"
export {
  type Context,
  createSandbox,
  type Operation,
  type Reply,
  type Sandbox,
  type SandboxEnvironment,
  type SandboxOptions
} from "./handler.ts"
export { ERROR_STATUS, type ErrorBody, type ErrorCode, HttpError, MAX_BODY_BYTES } from "./http.ts"
export {
  hashApiKey,
  loadMerchants,
  MerchantConfig,
  type MerchantDirectory,
  merchantDirectory,
  MerchantsFile,
  parseBasic,
  type SandboxMerchant,
  verifyApiKey
} from "./merchants.ts"
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  nodeListener,
  readMerchantsFile,
  type RunningSandbox,
  type StartOptions,
  startSandbox
} from "./server.ts"
export { readSandboxSettings, SANDBOX_SETTINGS, type SandboxSettings, type SandboxSettingsSources } from "./settings.ts"
export {
  type SandboxStore,
  sqliteStore,
  type StoredCheckout,
  type StoredIdempotent,
  type StoredNote,
  type StoredPlan
} from "./store.ts"
export { checkoutPage, widgetScript } from "./widget-page.ts"
