/**
 * The sandbox's API keys: kept only as scrypt hashes, and checked in constant
 * work whoever asks.
 *
 * - Every presented `(merchant id, key)` pair pays one scrypt the first time,
 *   whether the id exists (against its hash) or not (against a decoy hash of
 *   the same cost), and whether the key is right or wrong; the answer is then
 *   remembered per (id, SHA-256 of the key), right and wrong alike, so neither
 *   the time nor the path tells an unknown id from a wrong key.
 * - Concurrent first requests with the same pair share one computation.
 * - scrypt runs on the thread pool two at a time (the rest stays free for the
 *   server's other work), newest waiting pair first, so a burst of wrong keys
 *   does not queue in front of a login that comes after it; past 64 waiting
 *   pairs the oldest is let go as "busy" (the router answers 429).
 *
 * @module
 */
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto"
import { BoundedCache } from "../../core/foundation/cache.ts"

// scrypt cost: N = 2^14, r = 8, p = 1 (the Node defaults, ~16 MiB, tens of ms).
const SCRYPT = { N: 16384, r: 8, p: 1 } as const
const KEY_LENGTH = 32

/**
 * Hashes an API key for a merchants file: `scrypt$N$r$p$salt$hash` (base64url).
 *
 * @example
 * ```ts
 * import { hashApiKey } from "payment-plan-engine/sandbox"
 * hashApiKey("sk_test_0123456789") // "scrypt$16384$8$1$…$…"
 * ```
 * @category Sandbox
 * @since 0.1.0
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

// scrypt refuses an N that is not a power of two, and a cost this high would stall every check
const MAX_N = 2 ** 20

const parseHash = (stored: string): ParsedHash | undefined => {
  const parts = stored.split("$")
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r > 32 || p > 16) return undefined
  const salt = Buffer.from(parts[4]!, "base64url")
  const hash = Buffer.from(parts[5]!, "base64url")
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return undefined
  return { N, r, p, salt, hash }
}

/** Whether `stored` is a {@link hashApiKey} value the sandbox can check keys against. */
export const isApiKeyHash = (stored: string): boolean => parseHash(stored) !== undefined

/** Whether `apiKey` is the key behind `stored` (a {@link hashApiKey} value), compared in constant time. */
export const verifyApiKey = (apiKey: string, stored: string): Promise<boolean> => {
  const parsed = parseHash(stored)
  if (parsed === undefined) return Promise.resolve(false)
  return new Promise((resolve) => {
    // the asynchronous scrypt runs on the thread pool, so checking keys does not stall the server
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

let decoy: string | undefined

/**
 * A hash of the default cost checked for ids that name no merchant, so they
 * pay the same scrypt as a wrong key. Its key is random: no key matches it.
 */
export const decoyHash = (): string => (decoy ??= hashApiKey(randomBytes(32).toString("base64")))

/** A key check let go unanswered: too many were waiting for scrypt. The router answers 429. */
export class TooManyKeyChecks extends Error {
  readonly _tag = "TooManyKeyChecks"
  constructor() {
    super("Too many credentials are waiting to be checked; retry shortly")
  }
}

/** Options of {@link keyVerifier}; tests replace `verify` to count the scrypt computations. */
export interface KeyVerifierOptions {
  /** the scrypt check; default {@link verifyApiKey} */
  readonly verify?: ((apiKey: string, stored: string) => Promise<boolean>) | undefined
  /** scrypt computations at once (default 2) */
  readonly concurrency?: number | undefined
  /** pairs waiting for scrypt at most; past it the oldest is let go (default 64) */
  readonly maxWaiting?: number | undefined
  /** wrong pairs remembered (default 4,096; when full the memory starts again) */
  readonly rememberWrong?: number | undefined
}

/** Checks presented keys: remembered per (id, key digest), shared while computing, scheduled newest first. */
export interface KeyVerifier {
  /**
   * Whether `apiKey` is the key behind `stored`, the hash of merchant
   * `merchantId` (for an id that names no merchant, pass {@link decoyHash}).
   * Rejects with {@link TooManyKeyChecks} when the check was let go.
   */
  readonly check: (merchantId: string, apiKey: string, stored: string) => Promise<boolean>
}

interface Waiting {
  readonly apiKey: string
  readonly stored: string
  readonly settle: (outcome: boolean | TooManyKeyChecks) => void
}

export const keyVerifier = (options: KeyVerifierOptions = {}): KeyVerifier => {
  const verify = options.verify ?? verifyApiKey
  const concurrency = options.concurrency ?? 2
  const maxWaiting = options.maxWaiting ?? 64
  // a right key per merchant at most: bounded by the merchants
  const right = new Set<string>()
  const wrong = new BoundedCache<string, true>(options.rememberWrong ?? 4096)
  const computing = new Map<string, Promise<boolean>>()
  const waiting: Array<Waiting> = []
  let running = 0

  const pump = (): void => {
    while (running < concurrency && waiting.length > 0) {
      // newest first: a login behind a burst of wrong keys is not made to wait for all of them
      const job = waiting.pop()!
      running++
      verify(job.apiKey, job.stored)
        .then((ok) => job.settle(ok), () => job.settle(false))
        .finally(() => {
          running--
          pump()
        })
    }
  }

  const compute = (apiKey: string, stored: string): Promise<boolean> =>
    new Promise((resolve, reject) => {
      if (waiting.length >= maxWaiting) waiting.shift()!.settle(new TooManyKeyChecks())
      waiting.push({
        apiKey,
        stored,
        settle: (outcome) => (outcome instanceof TooManyKeyChecks ? reject(outcome) : resolve(outcome))
      })
      pump()
    })

  return {
    check: (merchantId, apiKey, stored) => {
      const pair = `${merchantId}\u0000${createHash("sha256").update(apiKey).digest("base64")}`
      if (right.has(pair)) return Promise.resolve(true)
      if (wrong.has(pair)) return Promise.resolve(false)
      const shared = computing.get(pair)
      if (shared !== undefined) return shared
      const computed = compute(apiKey, stored).then(
        (ok) => {
          computing.delete(pair)
          if (ok) right.add(pair)
          else wrong.set(pair, true)
          return ok
        },
        (error: unknown) => {
          computing.delete(pair)
          throw error
        }
      )
      computing.set(pair, computed)
      return computed
    }
  }
}
