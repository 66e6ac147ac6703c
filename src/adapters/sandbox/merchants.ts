/**
 * The sandbox's merchants: read from a configuration file, API keys kept only
 * as scrypt hashes and compared in constant time.
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto"
import { ValidationError } from "../../core/foundation/issues.ts"
import { requestValidator } from "../../core/foundation/issues.ts"
import * as Time from "../../core/foundation/time/index.ts"
import {
  decodeResult,
  MerchantConfiguration,
  type MerchantConfigurationResponse
} from "../../core/merchant/configuration.ts"
import { WebhookEndpoint } from "../../core/webhook/index.ts"

// scrypt cost: N = 2^14, r = 8, p = 1 (the Node defaults, ~16 MiB, tens of ms).
const SCRYPT = { N: 16384, r: 8, p: 1 } as const
const KEY_LENGTH = 32

/**
 * Hashes an API key for a merchants file: `scrypt$N$r$p$salt$hash` (base64url).
 *
 * @example
 * ```ts
 * import { hashApiKey } from "payment-plan-engine/sandbox"
 * hashApiKey("sk_test_123") // "scrypt$16384$8$1$…$…"
 * ```
 */
export const hashApiKey = (apiKey: string, salt: Buffer = randomBytes(16)): string => {
  const hash = scryptSync(apiKey, salt, KEY_LENGTH, SCRYPT)
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), hash.toString("base64url")].join("$")
}

interface ParsedHash {
  readonly N: number
  readonly r: number
  readonly p: number
  readonly salt: Buffer
  readonly hash: Buffer
}

const parseHash = (stored: string): ParsedHash | undefined => {
  const parts = stored.split("$")
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined
  const salt = Buffer.from(parts[4]!, "base64url")
  const hash = Buffer.from(parts[5]!, "base64url")
  if (salt.length < 8 || hash.length < 16) return undefined
  return { N, r, p, salt, hash }
}

/** Whether `apiKey` is the key behind `stored` (a {@link hashApiKey} value), compared in constant time. */
export const verifyApiKey = (apiKey: string, stored: string): Promise<boolean> => {
  const parsed = parseHash(stored)
  if (parsed === undefined) return Promise.resolve(false)
  return new Promise((resolve) => {
    // the asynchronous scrypt runs on the thread pool, so a flood of bad keys does not stall the server
    scrypt(apiKey, parsed.salt, parsed.hash.length, {
      N: parsed.N,
      r: parsed.r,
      p: parsed.p,
      maxmem: 256 * parsed.N * parsed.r + 1024 * 1024
    }, (error, derived) => {
      resolve(error === null && derived.length === parsed.hash.length && timingSafeEqual(derived, parsed.hash))
    })
  })
}

// ---------------------------------------------------------------------------
// The configuration file

const Text = Schema.String.check(Schema.isMinLength(1))

/**
 * One merchant of a sandbox merchants file: the core's merchant configuration
 * (what the service answers, with default refund policies and sub-merchants)
 * and what the sandbox adds: who the merchant is, its API key (`apiKey`, plain,
 * for demos, or `apiKeyHash`, {@link hashApiKey}), its zone and the fields a
 * plan record shows of a merchant.
 */
export const MerchantConfig = MerchantConfiguration.mapFields(
  Struct.assign({
    id: Text,
    name: Schema.optionalKey(Schema.String),
    apiKey: Schema.optionalKey(Text),
    apiKeyHash: Schema.optionalKey(Text),
    merchantGroupId: Schema.optionalKey(Text),
    timeZone: Schema.optionalKey(Text),
    serviceFeePercentage: Schema.optionalKey(Schema.Finite),
    companyEmail: Schema.optionalKey(Schema.String),
    customerSupportEmail: Schema.optionalKey(Schema.String),
    merchantPageUrl: Schema.optionalKey(Schema.String),
    countryAlpha3Code: Schema.optionalKey(Schema.String),
    /** where the merchant's webhook events go and the secret they are signed with (docs/webhooks.md) */
    webhook: Schema.optionalKey(WebhookEndpoint)
  })
)

export type MerchantConfig = typeof MerchantConfig.Type

/** A sandbox merchants file: `{ "merchants": [ … ] }`. */
export const MerchantsFile = Schema.Struct({ merchants: Schema.Array(MerchantConfig) })

export type MerchantsFile = typeof MerchantsFile.Type

const CONFIGURATION_FIELDS = Object.keys(MerchantConfiguration.fields) as ReadonlyArray<keyof MerchantConfiguration>

/** A merchant as the sandbox holds it: no plain API key. */
export interface SandboxMerchant {
  readonly id: string
  readonly name: string
  readonly merchantGroupId: string | undefined
  readonly timeZone: string
  readonly apiKeyHash: string
  readonly subMerchants: ReadonlyArray<{ readonly id: string; readonly externalCode: string; readonly name: string }>
  /** What the core's calculations read: the merchant-configuration response plus refund policies and sub-merchants. */
  readonly configuration: MerchantConfigurationResponse
  readonly config: Omit<MerchantConfig, "apiKey">
}

const checkFile = requestValidator(MerchantsFile, "sandbox")

/**
 * Reads a merchants file, every problem reported (a `ValidationError`), plain
 * keys hashed and dropped.
 *
 * @example
 * ```ts
 * import { hashApiKey, loadMerchants } from "payment-plan-engine/sandbox"
 * const merchants = loadMerchants({
 *   merchants: [{ id: "merchant-123", apiKeyHash: hashApiKey("sk_test_123"), timeZone: "Australia/Sydney",
 *     currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 }] }]
 * })
 * ```
 */
export const loadMerchants = (input: unknown): ReadonlyArray<SandboxMerchant> => {
  const decoded = checkFile(input)
  if (Result.isFailure(decoded)) throw decoded.failure
  const problems: Array<
    { path: string; code: "required" | "duplicate" | "time_zone" | "format"; rule: string; message: string }
  > = []
  const seen = new Set<string>()
  const merchants = decoded.success.value.merchants.map((m, i) => {
    if (seen.has(m.id)) {
      problems.push({
        path: `merchants[${i}].id`,
        code: "duplicate",
        rule: "sandbox",
        message: `repeats merchant ${m.id}`
      })
    }
    seen.add(m.id)
    if (m.apiKey === undefined && m.apiKeyHash === undefined) {
      problems.push({
        path: `merchants[${i}].apiKeyHash`,
        code: "required",
        rule: "sandbox",
        message: "apiKey or apiKeyHash is required"
      })
    }
    if (m.apiKeyHash !== undefined && parseHash(m.apiKeyHash) === undefined) {
      problems.push({
        path: `merchants[${i}].apiKeyHash`,
        code: "format",
        rule: "sandbox",
        message: "must be a hashApiKey value (scrypt$N$r$p$salt$hash)"
      })
    }
    const timeZone = m.timeZone ?? "UTC"
    if (!Time.isTimeZone(timeZone)) {
      problems.push({
        path: `merchants[${i}].timeZone`,
        code: "time_zone",
        rule: "R3.1",
        message: "must be an IANA time zone name"
      })
    }
    const { apiKey, ...config } = m
    // the merchant configuration the sandbox answers: the file's, with the service's other fields filled in
    const given: Record<string, unknown> = {}
    for (const key of CONFIGURATION_FIELDS) if (m[key] !== undefined) given[key] = m[key]
    const configuration = decodeResult(
      {
        gtmId: "",
        serviceGAMID: "",
        merchantGAMID: "",
        gtmInternalTrackingId: "",
        ...given,
        currencies: m.currencies.map((c) => ({ paymentGatewayVariant: "sandbox", isZeroDecimal: false, ...c }))
      },
      `merchants[${i}]`
    )
    if (Result.isFailure(configuration)) {
      problems.push(...configuration.failure.issues.map((x) => ({ ...x, code: "format" as const })))
    }
    return {
      id: m.id,
      name: m.name ?? m.id,
      merchantGroupId: m.merchantGroupId,
      timeZone,
      apiKeyHash: m.apiKeyHash ?? hashApiKey(apiKey!),
      subMerchants: (m.subMerchants ?? []).map((s) => ({
        id: s.id ?? `sub_${s.externalCode}`,
        externalCode: s.externalCode,
        name: s.name ?? s.externalCode
      })),
      configuration: Result.isSuccess(configuration) ? configuration.success! : ({} as MerchantConfigurationResponse),
      config
    }
  })
  if (problems.length > 0) throw new ValidationError({ issues: problems, warnings: [] })
  return merchants
}

// ---------------------------------------------------------------------------
// Authentication

/** The merchants of a sandbox, and who a request's credentials name. */
export interface MerchantDirectory {
  readonly list: ReadonlyArray<SandboxMerchant>
  /** The merchant of an id, or `undefined`. */
  readonly byId: (id: string) => SandboxMerchant | undefined
  /** The merchant of an `Authorization: Basic base64(merchantId:apiKey)` header, or undefined. */
  readonly authenticate: (authorization: string | null) => Promise<SandboxMerchant | undefined>
}

const digest = (s: string): Buffer => createHash("sha256").update(s).digest()

/** Reads `Basic base64(merchantId:apiKey)`. */
const parseBasic = (
  authorization: string | null
): { readonly merchantId: string; readonly apiKey: string } | undefined => {
  if (authorization === null) return undefined
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization)
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  if (colon <= 0) return undefined
  return { merchantId: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) }
}

/**
 * A directory over loaded merchants. A key that passed scrypt once is
 * remembered as its SHA-256, so later requests cost a hash and a constant-time
 * comparison instead of tens of milliseconds of scrypt; keys that fail are not
 * remembered and pay scrypt every time.
 */
export const merchantDirectory = (merchants: ReadonlyArray<SandboxMerchant>): MerchantDirectory => {
  const byId = new Map(merchants.map((m) => [m.id, m]))
  const verified = new Map<string, Buffer>()
  // a fixed hash to spend the same scrypt time on unknown merchant ids
  const decoy = hashApiKey("decoy", Buffer.alloc(16, 7))
  return {
    list: merchants,
    byId: (id) => byId.get(id),
    authenticate: async (authorization) => {
      const credentials = parseBasic(authorization)
      if (credentials === undefined) return undefined
      const merchant = byId.get(credentials.merchantId)
      const presented = digest(credentials.apiKey)
      const known = merchant ? verified.get(merchant.id) : undefined
      if (merchant && known) return timingSafeEqual(presented, known) ? merchant : undefined
      const ok = await verifyApiKey(credentials.apiKey, merchant?.apiKeyHash ?? decoy)
      if (!merchant || !ok) return undefined
      verified.set(merchant.id, presented)
      return merchant
    }
  }
}
