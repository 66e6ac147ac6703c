/**
 * The sandbox's merchants: read from a configuration file and checked when it
 * is read, every problem named (a key missing or too short, a currency the
 * core does not know, a webhook endpoint that cannot work, …); API keys kept
 * only as scrypt hashes (api-keys.ts).
 *
 * @module
 */
// Over 400 lines: the sandbox's merchants: one reading of a configuration file, every problem named.
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { CheckoutRequest, CurrencyCode } from "../../core/checkout/index.ts"
import { BoundedCache } from "../../core/foundation/cache.ts"
import { isRecord } from "../../core/foundation/input.ts"
import { requestValidator, ValidationError } from "../../core/foundation/issues.ts"
import { describe, type Issue, issue, rule } from "../../core/foundation/issues.ts"
import * as Time from "../../core/foundation/time/index.ts"
import {
  MerchantConfiguration,
  type MerchantConfigurationResponse,
  MerchantCurrency,
  SubMerchant
} from "../../core/merchant/index.ts"
import { WebhookEndpoint } from "../../core/webhook/index.ts"
import { decodeResult } from "../../facade/shared.ts"
import {
  API_KEY_HASH_FORM,
  decoyHash,
  describeHash,
  hashApiKey,
  isApiKeyHash,
  keyVerifier,
  type KeyVerifierOptions,
  type SandboxClient
} from "./api-keys.ts"
import { DEMO_API_KEYS } from "./demo-merchants.ts"

// ---------------------------------------------------------------------------
// The configuration file

const SANDBOX_RULE = "sandbox"

/** The fewest characters of a plain API key. */
export const MIN_API_KEY_LENGTH = 16

/**
 * The bounds of a merchants file, each refused with an issue (or, for the
 * file's size, a `MerchantsFileError` before it is read): what a sandbox
 * for a team needs, with room, and nothing that takes minutes or gigabytes
 * to start.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export const MERCHANTS_FILE_LIMITS = {
  /** bytes of the file: 32 MiB */
  bytes: 32 * 1024 * 1024,
  /** merchants in the file */
  merchants: 10_000,
  /**
   * characters of any text in the file (an id, a name, a URL, a field's name),
   * past the fields' own bounds (2,048 for a URL): those say what is too long first
   */
  textLength: 4_096,
  /** entries of any list of a merchant (currencies, sub-merchants, refund policies) */
  listLength: 1_000,
  /** levels of nesting (a merchant's deepest field is a few levels down) */
  depth: 16
} as const

/**
 * A merchant id: what a checkout's `merchantId` must be to name it (R4.1,
 * R4.3, R4.5), and without a colon, which ends the id in `Basic
 * base64(merchantId:apiKey)`.
 */
/** Names every JavaScript object answers to: an id among them would be looked up where it is not. */
const RESERVED_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"])

const MerchantId = CheckoutRequest.fields.merchantId.check(
  rule<string>(
    "format",
    SANDBOX_RULE,
    "must not contain \":\" (Basic authentication ends the merchant id at the first colon)",
    (s) => !s.includes(":")
  ),
  rule<string>(
    "format",
    SANDBOX_RULE,
    "must not be a name every JavaScript object has (__proto__, constructor, toString, …)",
    (s) => !RESERVED_NAMES.has(s)
  )
)

const ApiKey = Schema.String.check(
  rule<string>(
    "too_short",
    SANDBOX_RULE,
    `must have at least ${MIN_API_KEY_LENGTH} characters`,
    (s) => s.length >= MIN_API_KEY_LENGTH,
    (s) => `${s.length}`
  )
)

// the sandbox's own cost only: a costlier hash would take longer to check than an unknown id's decoy, and tell the id exists
const ApiKeyHash = Schema.String.check(
  rule<string>(
    "format",
    SANDBOX_RULE,
    `must be a hashApiKey value at the sandbox's own cost, ${API_KEY_HASH_FORM} (hash the key again with hashApiKey)`,
    isApiKeyHash,
    describeHash
  )
)

/** A list's check that it has an entry. */
const notEmpty = (message: string) =>
  rule<ReadonlyArray<unknown>>("too_short", SANDBOX_RULE, message, (a) => a.length > 0, () => "none")

/** A currency of the merchant: the core's, with a code a checkout can name (R4.4: active ISO 4217, upper case). */
const FileCurrency = MerchantCurrency.mapFields(Struct.assign({ currencyCode: CurrencyCode }))

/** A sub-merchant: the core's, with an `externalCode` a checkout can name (R4.1, R4.5). */
const FileSubMerchant = SubMerchant.mapFields(
  Struct.assign({ externalCode: CheckoutRequest.fields.externalCode.schema })
)

/**
 * One merchant of a sandbox merchants file: the core's merchant configuration
 * (what the service answers, with default refund policies and sub-merchants)
 * and what the sandbox adds: who the merchant is, its API key (`apiKey`, plain,
 * for demos, or `apiKeyHash`, {@link hashApiKey}: exactly one), its zone and
 * the fields a plan record shows of a merchant. Each field is checked with the
 * core's rule where the core has one (the id as a checkout's `merchantId`,
 * currency codes, sub-merchants' `externalCode`, the zone, the webhook
 * endpoint).
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const MerchantConfig = MerchantConfiguration.mapFields(
  Struct.assign({
    id: MerchantId,
    name: Schema.optionalKey(Schema.String),
    apiKey: Schema.optionalKey(ApiKey),
    apiKeyHash: Schema.optionalKey(ApiKeyHash),
    merchantGroupId: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1))),
    timeZone: Schema.optionalKey(Time.TimeZoneName),
    serviceFeePercentage: Schema.optionalKey(Schema.Finite),
    companyEmail: Schema.optionalKey(Schema.String),
    customerSupportEmail: Schema.optionalKey(Schema.String),
    merchantPageUrl: Schema.optionalKey(Schema.String),
    countryAlpha3Code: Schema.optionalKey(Schema.String),
    currencies: Schema.Array(FileCurrency).check(
      notEmpty("must list at least one currency (a checkout in another is refused)")
    ),
    subMerchants: Schema.optionalKey(Schema.Array(FileSubMerchant)),
    /** where the merchant's webhook events go and the secret they are signed with (docs/webhooks.md) */
    webhook: Schema.optionalKey(WebhookEndpoint)
  })
)

/**
 * The merchant's API key: plain (`apiKey`, demos) or its {@link hashApiKey} value (`apiKeyHash`), exactly one.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export type MerchantKey =
  | { readonly apiKey: string; readonly apiKeyHash?: never }
  | { readonly apiKeyHash: string; readonly apiKey?: never }

/**
 * One merchant of a merchants file, as written (see the schema {@link MerchantConfig}): its key is required.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export type MerchantConfig = Omit<typeof MerchantConfig.Type, "apiKey" | "apiKeyHash"> & MerchantKey

/**
 * A sandbox merchants file: `{ "merchants": [ … ] }`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const MerchantsFile = Schema.Struct({
  merchants: Schema.Array(MerchantConfig).check(notEmpty("must list at least one merchant"))
})

/**
 * A sandbox merchants file, as written: `{ "merchants": [ … ] }`, each merchant with its key.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface MerchantsFile {
  readonly merchants: ReadonlyArray<MerchantConfig>
}

const CONFIGURATION_FIELDS = Object.keys(MerchantConfiguration.fields) as ReadonlyArray<keyof MerchantConfiguration>

/**
 * A merchant of a merchants file without its key: who it is and what the core's calculations read of it.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export interface MerchantProfile {
  readonly id: string
  readonly name: string
  readonly merchantGroupId: string | undefined
  /** IANA zone in which the merchant's calendar dates are read (default `UTC`) */
  readonly timeZone: string
  readonly subMerchants: ReadonlyArray<{ readonly id: string; readonly externalCode: string; readonly name: string }>
  /** What the core's calculations read: the merchant-configuration response plus refund policies and sub-merchants. */
  readonly configuration: MerchantConfigurationResponse
}

/**
 * A merchant as the sandbox holds it: no plain API key.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface SandboxMerchant extends MerchantProfile {
  readonly apiKeyHash: string
  readonly config: Omit<MerchantConfig, "apiKey">
}

const checkFile = requestValidator(MerchantsFile, SANDBOX_RULE)

/** What the schema cannot say of one entry: a key given once, ids and currencies not repeated. */
const entriesIssues = (input: unknown): ReadonlyArray<Issue> => {
  if (!isRecord(input) || !Array.isArray(input["merchants"])) return []
  const issues: Array<Issue> = []
  const ids = new Map<string, number>()
  input["merchants"].forEach((entry: unknown, i) => {
    if (!isRecord(entry)) return
    const at = `merchants[${i}]`
    const plain = entry["apiKey"] !== undefined
    const hashed = entry["apiKeyHash"] !== undefined
    if (!plain && !hashed) {
      issues.push(
        issue(`${at}.apiKey`, "required", SANDBOX_RULE, "apiKey or apiKeyHash is required: the merchant's key")
      )
    }
    if (plain && hashed) {
      issues.push(issue(`${at}.apiKeyHash`, "conflict", SANDBOX_RULE, "give apiKey or apiKeyHash, not both"))
    }
    const id = entry["id"]
    if (typeof id === "string") {
      const first = ids.get(id)
      if (first !== undefined) {
        issues.push(
          issue(`${at}.id`, "duplicate", SANDBOX_RULE, `repeats the id of merchants[${first}], ${describe(id)}`)
        )
      } else ids.set(id, i)
    }
    const currencies = entry["currencies"]
    if (Array.isArray(currencies)) {
      const codes = new Map<unknown, number>()
      currencies.forEach((c: unknown, j) => {
        const code = isRecord(c) ? c["currencyCode"] : undefined
        if (typeof code !== "string") return
        const seen = codes.get(code)
        if (seen !== undefined) {
          issues.push(
            issue(
              `${at}.currencies[${j}].currencyCode`,
              "duplicate",
              SANDBOX_RULE,
              `repeats currencies[${seen}], ${describe(code)}`
            )
          )
        } else codes.set(code, j)
      })
    }
  })
  return issues
}

/** The merchant a path's issue is about (`merchants[3].…` → 3), for ordering issues by entry. */
const entryOf = (path: string): number => {
  const match = /^merchants\[(\d+)\]/.exec(path)
  return match === null ? -1 : Number(match[1])
}

/** A checked entry: its profile and the file's own fields, the key still as written. */
export interface Checked {
  readonly profile: MerchantProfile
  readonly entry: typeof MerchantConfig.Type
}

/** A count as the messages write it: `10,000`. */
export const count = (n: number) => n.toLocaleString("en") // not money: a count

/**
 * What is past {@link MERCHANTS_FILE_LIMITS}: too many merchants, a text, a
 * field's name or a list too long, or nesting too deep; each at its path.
 * Checked before anything else is read of the file, which could otherwise
 * take minutes (200,000 merchants) or gigabytes (a name of 300 MB).
 */
const boundsIssues = (input: unknown): ReadonlyArray<Issue> => {
  if (!isRecord(input) || !Array.isArray(input["merchants"])) return []
  const merchants: ReadonlyArray<unknown> = input["merchants"]
  const limits = MERCHANTS_FILE_LIMITS
  if (merchants.length > limits.merchants) {
    return [
      issue(
        "merchants",
        "too_long",
        SANDBOX_RULE,
        `must list at most ${count(limits.merchants)} merchants, got ${count(merchants.length)}`
      )
    ]
  }
  const issues: Array<Issue> = []
  const visit = (value: unknown, path: string, depth: number): void => {
    if (typeof value === "string") {
      if (value.length > limits.textLength) {
        issues.push(
          issue(
            path,
            "too_long",
            SANDBOX_RULE,
            `must have at most ${count(limits.textLength)} characters, got ${count(value.length)}`
          )
        )
      }
    } else if (depth >= limits.depth && typeof value === "object" && value !== null) {
      issues.push(issue(path, "too_long", SANDBOX_RULE, `must not nest more than ${limits.depth} levels deep`))
    } else if (Array.isArray(value)) {
      if (value.length > limits.listLength) {
        issues.push(
          issue(
            path,
            "too_long",
            SANDBOX_RULE,
            `must have at most ${count(limits.listLength)} entries, got ${count(value.length)}`
          )
        )
      } else value.forEach((v, i) => visit(v, `${path}[${i}]`, depth + 1))
    } else if (isRecord(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (key.length > limits.textLength) {
          issues.push(
            issue(
              path,
              "too_long",
              SANDBOX_RULE,
              `has a field name of ${count(key.length)} characters, more than ${count(limits.textLength)}`
            )
          )
        } else visit(v, `${path}.${key}`, depth + 1)
      }
    }
  }
  merchants.forEach((m, i) => visit(m, `merchants[${i}]`, 1))
  return issues
}

/** Every problem of a merchants file, or its merchants (keys not hashed). */
export const checkMerchants = (input: unknown): Result.Result<ReadonlyArray<Checked>, ValidationError> => {
  const beyond = boundsIssues(input)
  if (beyond.length > 0) return Result.fail(new ValidationError({ issues: beyond, warnings: [] }))
  const decoded = checkFile(input)
  const issues: Array<Issue> = Result.isFailure(decoded) ? [...decoded.failure.issues] : []
  issues.push(...entriesIssues(input))
  if (Result.isFailure(decoded) || issues.length > 0) {
    const sorted = issues.map((x, n) => ({ x, n })).sort((a, b) => entryOf(a.x.path) - entryOf(b.x.path) || a.n - b.n)
    return Result.fail(new ValidationError({ issues: sorted.map((s) => s.x), warnings: [] }))
  }
  const checked: Array<Checked> = []
  decoded.success.value.merchants.forEach((m, i) => {
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
    if (Result.isFailure(configuration) || configuration.success === undefined) {
      if (Result.isFailure(configuration)) issues.push(...configuration.failure.issues)
      return
    }
    checked.push({
      entry: m,
      profile: {
        id: m.id,
        name: m.name ?? m.id,
        merchantGroupId: m.merchantGroupId,
        timeZone: m.timeZone ?? "UTC",
        subMerchants: (m.subMerchants ?? []).map((s) => ({
          id: s.id ?? `sub_${s.externalCode}`,
          externalCode: s.externalCode,
          name: s.name ?? s.externalCode
        })),
        configuration: configuration.success
      }
    })
  })
  if (issues.length > 0) return Result.fail(new ValidationError({ issues, warnings: [] }))
  return Result.succeed(checked)
}

const withDemoKey = new WeakSet<SandboxMerchant>()

/** Whether the merchant's key is one of {@link DEMO_API_KEYS}, which anyone has. */
export const usesDemoKey = (merchant: SandboxMerchant): boolean => withDemoKey.has(merchant)

/**
 * Reads a merchants file's JSON: every problem of every merchant reported at
 * once (a `ValidationError` naming each field, `merchants[1].currencies[0].currencyCode`,
 * nothing else is thrown), plain keys hashed (scrypt) and dropped.
 *
 * @example
 * ```ts
 * import { hashApiKey, loadMerchants } from "payment-plan-engine/sandbox"
 * const merchants = loadMerchants({
 *   merchants: [{ id: "merchant-123", apiKeyHash: hashApiKey("sk_test_0123456789"), timeZone: "Australia/Sydney",
 *     currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 }] }]
 * })
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export const loadMerchants = (input: MerchantsFile): ReadonlyArray<SandboxMerchant> => {
  const checked = checkMerchants(input)
  if (Result.isFailure(checked)) throw checked.failure
  return checked.success.map((c) => merchantOf(c, c.entry.apiKeyHash ?? hashApiKey(c.entry.apiKey!)))
}

/** A checked entry as the sandbox holds it, with its key's hash. */
export const merchantOf = ({ entry, profile }: Checked, apiKeyHash: string): SandboxMerchant => {
  const { apiKey, ...config } = entry
  const merchant: SandboxMerchant = { ...profile, apiKeyHash, config: config as Omit<MerchantConfig, "apiKey"> }
  if (apiKey !== undefined && DEMO_API_KEYS.has(apiKey)) withDemoKey.add(merchant)
  return merchant
}

// ---------------------------------------------------------------------------
// Authentication

/**
 * The merchants of a sandbox, and who a request's credentials name.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface MerchantDirectory {
  readonly list: ReadonlyArray<SandboxMerchant>
  /** The merchant of an id, or `undefined`. */
  readonly byId: (id: string) => SandboxMerchant | undefined
  /**
   * The merchant of an `Authorization: Basic base64(merchantId:apiKey)`
   * header, or undefined. Rejects with `TooManyKeyChecks` when too many
   * credentials are waiting to be checked. `client` says who asks (its
   * address and connection), so one client's wrong keys do not hold another's.
   */
  readonly authenticate: (authorization: string | null, client?: SandboxClient) => Promise<SandboxMerchant | undefined>
}

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
 * A directory over loaded merchants. Keys are checked by one path whoever
 * asks (api-keys.ts): an id that names no merchant is checked against a
 * decoy hash of the same cost, so it pays the same scrypt as a wrong key,
 * and every answer, right or wrong, is remembered per (id, key digest).
 */
export const merchantDirectory = (
  merchants: ReadonlyArray<SandboxMerchant>,
  options: KeyVerifierOptions = {}
): MerchantDirectory => {
  const byId = new Map(merchants.map((m) => [m.id, m]))
  const verifier = keyVerifier(options)
  const decoy = decoyHash()
  // a header already found right answers at once, as a client repeating its credentials sends it (decoding and
  // hashing it again was most of an authenticated request's own cost); right ones only, so an unknown id and a
  // wrong key still take one path
  const known = new BoundedCache<string, SandboxMerchant>(1024)
  return {
    list: merchants,
    byId: (id) => byId.get(id),
    authenticate: async (authorization, client) => {
      const seen = authorization === null ? undefined : known.get(authorization)
      if (seen !== undefined) return seen
      const credentials = parseBasic(authorization)
      if (credentials === undefined) return undefined
      const merchant = byId.get(credentials.merchantId)
      const ok = await verifier.check(credentials.merchantId, credentials.apiKey, merchant?.apiKeyHash ?? decoy, client)
      if (!ok || merchant === undefined) return undefined
      known.set(authorization!, merchant)
      return merchant
    }
  }
}
