/**
 * The sandbox's API keys: kept only as scrypt hashes, and checked in constant
 * work whoever asks.
 *
 * - Every presented `(merchant id, key)` pair pays one scrypt the first time,
 *   whether the id exists (against its hash) or not (against a decoy hash of
 *   the same cost), and whether the key is right or wrong; the answer is then
 *   remembered per (id, SHA-256 of the key), right and wrong alike, so neither
 *   the time nor the path tells an unknown id from a wrong key.
 * - Every hash is at the sandbox's own cost (a merchants file's other costs
 *   are refused), so no id takes longer to check than an unknown one.
 * - Concurrent first requests with the same pair share one computation.
 * - scrypt runs on the thread pool two at a time (the rest stays free for the
 *   server's other work). Waiting checks are taken client by client (the
 *   client's address, the least recently served first and a newcomer before
 *   any), and within a client its connections whose keys failed (or were
 *   let go) last, newest first otherwise; past 64 waiting, the worst check of
 *   the client with the most waiting is let go as "busy" (the router answers
 *   429, a second later: a flood answered at once would ask again at once,
 *   taking the cores scrypt needs). So a flood of wrong keys from one client
 *   delays another client's first login by the check that ends first, and a
 *   fresh connection of the flooding client by the flood's running checks.
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
  return hashText(salt, scryptSync(apiKey, salt, KEY_LENGTH, SCRYPT))
}

/** {@link hashApiKey} on the thread pool: the same value, without holding the event loop for its tens of milliseconds. */
export const hashApiKeyAsync = (apiKey: string, salt: Buffer = randomBytes(16)): Promise<string> =>
  new Promise((resolve, reject) => {
    scrypt(apiKey, salt, KEY_LENGTH, SCRYPT, (error, hash) => {
      if (error !== null) reject(error)
      else resolve(hashText(salt, hash))
    })
  })

const hashText = (salt: Buffer, hash: Buffer): string =>
  ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), hash.toString("base64url")].join("$")

interface ParsedHash {
  readonly N: number
  readonly r: number
  readonly p: number
  readonly salt: Buffer
  readonly hash: Buffer
}

/** The salt's bytes: {@link hashApiKey}'s 16, up to 64 for a salt of one's own. */
const SALT_BYTES = { min: 16, max: 64 } as const

/** The form of a {@link hashApiKey} value, whatever its cost: `scrypt$N$r$p$salt$hash`. */
const readHash = (stored: string): ParsedHash | undefined => {
  const parts = stored.split("$")
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined
  const [N, r, p] = parts.slice(1, 4).map((n) => (/^\d{1,10}$/.test(n) ? Number(n) : Number.NaN)) as [
    number,
    number,
    number
  ]
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined
  if (![parts[4]!, parts[5]!].every((b) => /^[A-Za-z0-9_-]+$/.test(b))) return undefined
  return { N, r, p, salt: Buffer.from(parts[4]!, "base64url"), hash: Buffer.from(parts[5]!, "base64url") }
}

/**
 * A stored hash the sandbox checks keys against: at exactly its own cost (N,
 * r, p and the hash's length of {@link hashApiKey}), so that checking any
 * merchant's key costs what checking an unknown id's costs (a decoy hash of
 * that cost): a costlier hash (r = 32, p = 16 took 60 times as long) would
 * tell an attacker the id exists, and hold the thread pool.
 */
const parseHash = (stored: string): ParsedHash | undefined => {
  const parsed = readHash(stored)
  if (parsed === undefined) return undefined
  const { N, r, p, salt, hash } = parsed
  if (N !== SCRYPT.N || r !== SCRYPT.r || p !== SCRYPT.p || hash.length !== KEY_LENGTH) return undefined
  return salt.length >= SALT_BYTES.min && salt.length <= SALT_BYTES.max ? parsed : undefined
}

/** Whether `stored` is a {@link hashApiKey} value, at the sandbox's own cost, the sandbox can check keys against. */
export const isApiKeyHash = (stored: string): boolean => parseHash(stored) !== undefined

/** The form {@link isApiKeyHash} asks for, for messages: `scrypt$16384$8$1$salt$hash`. */
export const API_KEY_HASH_FORM = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$salt$hash`

/** What a refused hash is, for its message: its cost, or that it is not a hash. */
export const describeHash = (stored: string): string => {
  const parsed = readHash(stored)
  if (parsed === undefined) return "something else"
  const { N, r, p, salt, hash } = parsed
  return `N=${N}, r=${r}, p=${p}, a salt of ${salt.length} bytes and a hash of ${hash.length} bytes`
}

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

/**
 * Who presents credentials, as far as the server knows: its address, and its
 * connection (an object that stays the same for the connection's requests,
 * the Node server's socket). A handler's caller may give them (its second
 * argument); without them, every check is one client's.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export interface SandboxClient {
  readonly address?: string | undefined
  readonly connection?: object | undefined
}

/** Options of {@link keyVerifier}; tests replace `verify` to count the scrypt computations. */
export interface KeyVerifierOptions {
  /** the scrypt check; default {@link verifyApiKey} */
  readonly verify?: ((apiKey: string, stored: string) => Promise<boolean>) | undefined
  /** scrypt computations at once (default 2) */
  readonly concurrency?: number | undefined
  /** pairs waiting for scrypt at most; past it the worst of the client with the most waiting is let go (default 64) */
  readonly maxWaiting?: number | undefined
  /**
   * how long a check let go waits before it is answered (default 1,000 ms, the `Retry-After` it is
   * answered with): a flood answered at once asks again at once, and its 429s took the cores scrypt needs
   */
  readonly letGoAfterMs?: number | undefined
  /** the timer of that wait (default `setTimeout`); tests pass their own clock's */
  readonly timer?: ((f: () => void, ms: number) => void) | undefined
  /** wrong pairs remembered (default 4,096; when full the memory starts again) */
  readonly rememberWrong?: number | undefined
}

/** Checks presented keys: remembered per (id, key digest), shared while computing, scheduled fairly across clients. */
export interface KeyVerifier {
  /**
   * Whether `apiKey` is the key behind `stored`, the hash of merchant
   * `merchantId` (for an id that names no merchant, pass {@link decoyHash}),
   * presented by `client`. Rejects with {@link TooManyKeyChecks} when the
   * check was let go.
   */
  readonly check: (merchantId: string, apiKey: string, stored: string, client?: SandboxClient) => Promise<boolean>
}

interface Waiting {
  readonly apiKey: string
  readonly stored: string
  readonly connection: object | undefined
  /** the connection's strikes when it asked: fewer go first */
  readonly strikes: number
  /** arrival order: newer go first among equals, older are let go first */
  readonly order: number
  readonly settle: (outcome: boolean | TooManyKeyChecks) => void
}

/** The best waiting check of a client (fewest strikes, then newest), or its worst (most strikes, then oldest). */
const pick = (items: ReadonlyArray<Waiting>, best: boolean): number => {
  let at = 0
  for (let i = 1; i < items.length; i++) {
    const a = items[i]!
    const b = items[at]!
    const better = a.strikes !== b.strikes ? a.strikes < b.strikes : a.order > b.order
    if (better === best) at = i
  }
  return at
}

/** The client to serve next: the least recently served (a newcomer first), the first to come among equals. */
const nextClient = (
  waiting: ReadonlyMap<string, Array<Waiting>>,
  lastServed: BoundedCache<string, number>
): [string, Array<Waiting>] => {
  let next: [string, Array<Waiting>] | undefined
  let nextServed = Number.POSITIVE_INFINITY
  for (const entry of waiting) {
    const served = lastServed.get(entry[0]) ?? -1
    if (served < nextServed) {
      next = entry
      nextServed = served
    }
  }
  return next!
}

/**
 * The checks waiting for scrypt, taken fairly: client by client (the least
 * recently served first, a client never served before them), within a client its best (fewest strikes,
 * then newest); past `maxWaiting` the worst check of the client with the most
 * waiting is let go. A connection's strikes are its wrong keys and its
 * checks let go.
 */
const fairChecks = (
  verify: (apiKey: string, stored: string) => Promise<boolean>,
  options: KeyVerifierOptions
) => {
  const concurrency = options.concurrency ?? 2
  const maxWaiting = options.maxWaiting ?? 64
  const letGoAfterMs = options.letGoAfterMs ?? 1000
  const timer = options.timer ?? ((f: () => void, ms: number) => void setTimeout(f, ms))
  // waiting checks per client address
  const waiting = new Map<string, Array<Waiting>>()
  // when each client was last served, in checks started: the least recently served goes next, one never served first
  const lastServed = new BoundedCache<string, number>(4096)
  const strikes = new WeakMap<object, number>()
  const strike = (connection: object | undefined) => {
    if (connection !== undefined) strikes.set(connection, (strikes.get(connection) ?? 0) + 1)
  }
  let count = 0
  let arrivals = 0
  let started = 0
  let running = 0

  /** Takes a client's check out of the waiting ones. */
  const take = (address: string, items: Array<Waiting>, at: number): Waiting => {
    const [job] = items.splice(at, 1)
    count--
    if (items.length === 0) waiting.delete(address)
    return job!
  }

  const pump = (): void => {
    while (running < concurrency && count > 0) {
      const [address, items] = nextClient(waiting, lastServed)
      const job = take(address, items, pick(items, true))
      lastServed.set(address, started++)
      running++
      verify(job.apiKey, job.stored)
        .then((ok) => {
          if (!ok) strike(job.connection)
          job.settle(ok)
        }, () => job.settle(false))
        .finally(() => {
          running--
          pump()
        })
    }
  }

  /** Lets go the worst check of the client with the most waiting (the flood's, not a login beside it). */
  const shed = (): void => {
    let longest: [string, Array<Waiting>] | undefined
    for (const entry of waiting) if (longest === undefined || entry[1].length > longest[1].length) longest = entry
    const [address, items] = longest!
    const job = take(address, items, pick(items, false))
    strike(job.connection)
    if (letGoAfterMs <= 0) job.settle(new TooManyKeyChecks())
    else timer(() => job.settle(new TooManyKeyChecks()), letGoAfterMs)
  }

  return (apiKey: string, stored: string, client: SandboxClient | undefined): Promise<boolean> =>
    new Promise((resolve, reject) => {
      const address = client?.address ?? ""
      const connection = client?.connection
      let items = waiting.get(address)
      if (items === undefined) waiting.set(address, items = [])
      items.push({
        apiKey,
        stored,
        connection,
        strikes: connection === undefined ? 0 : strikes.get(connection) ?? 0,
        order: arrivals++,
        settle: (outcome) => (outcome instanceof TooManyKeyChecks ? reject(outcome) : resolve(outcome))
      })
      count++
      pump()
      if (count > maxWaiting) shed()
    })
}

export const keyVerifier = (options: KeyVerifierOptions = {}): KeyVerifier => {
  const compute = fairChecks(options.verify ?? verifyApiKey, options)
  // a right key per merchant at most: bounded by the merchants
  const right = new Set<string>()
  const wrong = new BoundedCache<string, true>(options.rememberWrong ?? 4096)
  const computing = new Map<string, Promise<boolean>>()
  return {
    check: (merchantId, apiKey, stored, client) => {
      const pair = `${merchantId}\u0000${createHash("sha256").update(apiKey).digest("base64")}`
      if (right.has(pair)) return Promise.resolve(true)
      if (wrong.has(pair)) return Promise.resolve(false)
      const shared = computing.get(pair)
      if (shared !== undefined) return shared
      const computed = compute(apiKey, stored, client).then(
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
