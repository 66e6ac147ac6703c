/**
 * Where the sandbox keeps its data: a typed store interface, and its default
 * implementation on Node's built-in SQLite (`node:sqlite`). Values are the
 * core's types (a plan is the core's `Plan`, a note its `PlanNote`, terms its
 * `PlanTerms`), kept as JSON documents in a few tables; writes that belong
 * together run in one transaction.
 *
 * The store is the bottom of the sandbox: it knows no HTTP and no operation.
 *
 * @module
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { DatabaseSync, type StatementSync } from "node:sqlite"
import type { Checkout, CheckoutRequest } from "../../core/checkout/index.ts"
import { BoundedCache } from "../../core/foundation/cache.ts"
import type { PlanTerms } from "../../core/plan-terms/index.ts"
import type { Plan } from "../../core/plan/index.ts"
import type { PlanNote } from "../../core/plan/notes-api.ts"
import type { CardBehaviour } from "./cards.ts"
import { sqliteWebhookStore, type WebhookStore } from "./webhook-store.ts"

/**
 * A checkout as the sandbox answers it: the core's {@link Checkout} with the
 * sandbox's additions always present, `widgetUrl` (the hosted page) and
 * `expiresAt` (R4.7).
 *
 * @example
 * ```ts
 * import type { SandboxCheckout } from "payment-plan-engine/sandbox"
 * const response = await fetch(`${baseUrl}/api/v2/checkout`, { method: "POST", headers, body: JSON.stringify(request) })
 * const created = (await response.json()) as SandboxCheckout
 * created.widgetUrl // `${baseUrl}/widget/checkout/chk_…`: the hosted page to send the customer to
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export type SandboxCheckout = Checkout & { readonly widgetUrl: string; readonly expiresAt: string }

/**
 * The state of a checkout in the sandbox: `Open` until the customer completes, declines or cancels.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export type CheckoutState = "Open" | "Completed" | "Rejected"

/**
 * A checkout as the sandbox keeps it.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface StoredCheckout {
  readonly id: string
  readonly merchantId: string
  /** epoch milliseconds of creation (sandbox time) */
  readonly createdAt: number
  /** epoch milliseconds from which the checkout can no longer complete (R4.7) */
  readonly expiresAt: number
  /** the zone in which its calendar dates are read */
  readonly timeZone: string
  /** the validated create-checkout request */
  readonly request: CheckoutRequest
  /** the create-checkout response, as first answered */
  readonly response: SandboxCheckout
  /** `Open` until the customer completes (`Completed`) or declines or cancels (`Rejected`) */
  readonly state: CheckoutState
  readonly planId?: string | undefined
  /** the deposit and its status once the widget finished */
  readonly deposit?: { readonly amount: number; readonly status: "Accepted" | "Rejected" } | undefined
  /** the plan terms the customer accepted */
  readonly terms?: PlanTerms | undefined
  readonly finishedAt?: number | undefined
}

/**
 * A plan as the sandbox keeps it: the core's plan record and the test card that pays it.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface StoredPlan {
  readonly id: string
  readonly merchantId: string
  readonly checkoutId: string
  readonly createdAt: number
  readonly record: Plan
  /** what the card paying the instalments does */
  readonly card: CardBehaviour
}

/**
 * A plan note as the sandbox keeps it.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface StoredNote {
  readonly id: string
  readonly planId: string
  readonly merchantId: string
  readonly createdAt: number
  readonly note: PlanNote
}

/**
 * A response kept for an idempotency key.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface StoredIdempotent {
  readonly fingerprint: string
  readonly status: number
  readonly body: string
  /** when it was kept, epoch milliseconds of the sandbox's base clock (0 for keys kept before this was recorded) */
  readonly createdAt: number
}

/**
 * The sandbox's store. Calls are synchronous, so a handler that reads, decides
 * and writes inside {@link SandboxStore.transaction} is atomic both in the
 * database and in the event loop.
 *
 * @example
 * ```ts
 * import { sqliteStore } from "payment-plan-engine/sandbox"
 * const store = sqliteStore(".sandbox/data.sqlite")
 * store.listPlans(["merchant-123"]).filter((plan) => plan.record.status === "Late")
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export interface SandboxStore {
  /**
   * Runs `f` in one transaction: all its writes or none (when `f` throws).
   * Nested calls are savepoints: a nested failure undoes its own writes only.
   */
  readonly transaction: <A>(f: () => A) => A
  /** A checkout by id, or `undefined`. */
  readonly getCheckout: (id: string) => StoredCheckout | undefined
  /** Writes a checkout (inside the request's transaction). */
  readonly putCheckout: (checkout: StoredCheckout) => void
  /** A plan by id, or `undefined`. */
  readonly getPlan: (id: string) => StoredPlan | undefined
  /** Writes a plan (inside the request's transaction). */
  readonly putPlan: (plan: StoredPlan) => void
  /** Plans of these merchants, oldest first. */
  readonly listPlans: (merchantIds: ReadonlyArray<string>) => ReadonlyArray<StoredPlan>
  /** A plan's notes, oldest first. */
  readonly listNotes: (planId: string) => ReadonlyArray<StoredNote>
  /** Writes a plan note. */
  readonly putNote: (note: StoredNote) => void
  /** The answer kept for an idempotency key in a scope (a merchant), or `undefined`. */
  readonly getIdempotent: (scope: string, key: string) => StoredIdempotent | undefined
  /** Keeps the answer of an idempotency key in a scope (replacing an expired one). */
  readonly putIdempotent: (scope: string, key: string, value: StoredIdempotent) => void
  /** Forgets the idempotency keys kept before `instant` (epoch milliseconds). */
  readonly forgetIdempotentBefore: (instant: number) => void
  /** The merchant's test-clock offset in milliseconds (0 when never advanced). */
  readonly getClockOffset: (merchantId: string) => number
  /** Sets a merchant's test-clock offset in milliseconds. */
  readonly setClockOffset: (merchantId: string, offset: number) => void
  /** Deletes a merchant's checkouts, plans, notes, idempotency keys and clock (and its webhook messages). */
  readonly reset: (merchantId: string) => void
  /** The webhook outbox (docs/webhooks.md), in the same database: events commit with their change. */
  readonly webhooks?: WebhookStore | undefined
  /** Closes the database. */
  readonly close: () => void
}

// ---------------------------------------------------------------------------
// SQLite

/**
 * The tables. Each is created when missing, so a new table (an outbox, say) is
 * one more statement here, its methods beside the others below, and its rows
 * in {@link SandboxStore.reset} when they belong to a merchant.
 */
const TABLES = [
  "CREATE TABLE IF NOT EXISTS checkouts (id TEXT PRIMARY KEY, merchant_id TEXT NOT NULL, created_at INTEGER NOT NULL, doc TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS plans (id TEXT PRIMARY KEY, merchant_id TEXT NOT NULL, checkout_id TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL, doc TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS plans_by_merchant ON plans (merchant_id, created_at)",
  "CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, plan_id TEXT NOT NULL, merchant_id TEXT NOT NULL, created_at INTEGER NOT NULL, doc TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS notes_by_plan ON notes (plan_id, created_at)",
  "CREATE TABLE IF NOT EXISTS idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (scope, key))",
  "CREATE TABLE IF NOT EXISTS clocks (merchant_id TEXT PRIMARY KEY, offset_ms INTEGER NOT NULL)"
] as const

/**
 * What files written by earlier versions lack, added when one is opened:
 * each a column test and the statements that add it.
 */
const MIGRATIONS: ReadonlyArray<{ readonly table: string; readonly column: string; readonly add: string }> = [
  // the age of an idempotency key (kept 24 hours); older rows count as expired
  {
    table: "idempotency",
    column: "created_at",
    add: "ALTER TABLE idempotency ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0"
  }
]

/** Indexes on migrated columns, created once the columns exist. */
const INDEXES = ["CREATE INDEX IF NOT EXISTS idempotency_by_age ON idempotency (created_at)"] as const

/** The tables whose rows belong to a merchant through a `merchant_id` column (what reset deletes). */
const MERCHANT_TABLES = ["checkouts", "plans", "notes", "clocks"] as const

/** An open database: cached statements and transactions that nest as savepoints. */
interface Database {
  /** A prepared statement, prepared once per text. */
  readonly sql: (text: string) => StatementSync
  readonly transaction: <A>(f: () => A) => A
  readonly close: () => void
}

const openDatabase = (path: string): Database => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true })
  const db = new DatabaseSync(path)
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;")
  for (const statement of TABLES) db.exec(statement)
  for (const { table, column, add } of MIGRATIONS) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as unknown as ReadonlyArray<{ name: string }>
    if (!columns.some((c) => c.name === column)) db.exec(add)
  }
  for (const statement of INDEXES) db.exec(statement)
  const cache = new Map<string, StatementSync>()
  let depth = 0
  return {
    sql: (text) => {
      let statement = cache.get(text)
      if (statement === undefined) {
        statement = db.prepare(text)
        cache.set(text, statement)
      }
      return statement
    },
    transaction: (f) => {
      const savepoint = depth > 0 ? `sp${depth}` : undefined
      db.exec(savepoint !== undefined ? `SAVEPOINT ${savepoint}` : "BEGIN IMMEDIATE")
      depth++
      try {
        const result = f()
        db.exec(savepoint !== undefined ? `RELEASE ${savepoint}` : "COMMIT")
        return result
      } catch (e) {
        db.exec(savepoint !== undefined ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : "ROLLBACK")
        throw e
      } finally {
        depth--
      }
    },
    close: () => {
      if (db.isOpen) db.close()
    }
  }
}

/**
 * A document column read back. Only this store writes the documents (JSON of
 * the typed values above), so they are read as those types without decoding
 * them again on every request.
 */
const documentOf = <A>(row: unknown): A => JSON.parse((row as { doc: string }).doc) as A

/** A value and everything in it made read-only: a document every reader shares. */
const frozen = <A>(value: A): A => {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner)
    Object.freeze(value)
  }
  return value
}

// a checkout or a plan read by id is parsed once while its document stays the same (parsing it again was most
// of a retrieve's own cost), keyed by the document's text so that a write, a rollback or another process's
// write is a new key; frozen, since every reader shares it
const parsed = new BoundedCache<string, unknown>(1024)

const sharedDocumentOrUndefined = <A>(row: unknown): A | undefined =>
  row === undefined
    ? undefined
    : parsed.getOrCompute((row as { doc: string }).doc, (text) => frozen(JSON.parse(text) as unknown)) as A

type Sql = Database["sql"]

/** Checkouts, plans and notes: documents of the core's typed values. */
const documents = (
  sql: Sql
): Pick<
  SandboxStore,
  "getCheckout" | "putCheckout" | "getPlan" | "putPlan" | "listPlans" | "listNotes" | "putNote"
> => ({
  getCheckout: (id) => sharedDocumentOrUndefined(sql("SELECT doc FROM checkouts WHERE id = ?").get(id)),
  putCheckout: (c) => {
    sql(
      "INSERT INTO checkouts (id, merchant_id, created_at, doc) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc"
    ).run(c.id, c.merchantId, c.createdAt, JSON.stringify(c))
  },
  getPlan: (id) => sharedDocumentOrUndefined(sql("SELECT doc FROM plans WHERE id = ?").get(id)),
  putPlan: (p) => {
    sql(
      "INSERT INTO plans (id, merchant_id, checkout_id, created_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc"
    ).run(p.id, p.merchantId, p.checkoutId, p.createdAt, JSON.stringify(p))
  },
  listPlans: (merchantIds) => {
    if (merchantIds.length === 0) return []
    const marks = merchantIds.map(() => "?").join(", ")
    return sql(`SELECT doc FROM plans WHERE merchant_id IN (${marks}) ORDER BY created_at, id`)
      .all(...merchantIds)
      .map((row) => documentOf<StoredPlan>(row))
  },
  listNotes: (planId) =>
    sql("SELECT doc FROM notes WHERE plan_id = ? ORDER BY created_at, id").all(planId).map((row) =>
      documentOf<StoredNote>(row)
    ),
  putNote: (n) => {
    sql(
      "INSERT INTO notes (id, plan_id, merchant_id, created_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc"
    ).run(n.id, n.planId, n.merchantId, n.createdAt, JSON.stringify(n))
  }
})

/** The answers kept for idempotency keys, and the merchants' test clocks. */
const keysAndClocks = (
  sql: Sql
): Pick<
  SandboxStore,
  "getIdempotent" | "putIdempotent" | "forgetIdempotentBefore" | "getClockOffset" | "setClockOffset"
> => ({
  getIdempotent: (scope, key) => {
    const row = sql("SELECT fingerprint, status, body, created_at FROM idempotency WHERE scope = ? AND key = ?").get(
      scope,
      key
    ) as { fingerprint: string; status: number; body: string; created_at: number } | undefined
    return row === undefined
      ? undefined
      : { fingerprint: row.fingerprint, status: Number(row.status), body: row.body, createdAt: Number(row.created_at) }
  },
  putIdempotent: (scope, key, value) => {
    sql(
      "INSERT INTO idempotency (scope, key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, created_at = excluded.created_at"
    ).run(scope, key, value.fingerprint, value.status, value.body, value.createdAt)
  },
  forgetIdempotentBefore: (instant) => {
    sql("DELETE FROM idempotency WHERE created_at < ?").run(instant)
  },
  getClockOffset: (merchantId) => {
    const row = sql("SELECT offset_ms FROM clocks WHERE merchant_id = ?").get(merchantId) as
      | { offset_ms: number }
      | undefined
    return row === undefined ? 0 : Number(row.offset_ms)
  },
  setClockOffset: (merchantId, offset) => {
    sql(
      "INSERT INTO clocks (merchant_id, offset_ms) VALUES (?, ?) ON CONFLICT (merchant_id) DO UPDATE SET offset_ms = excluded.offset_ms"
    ).run(merchantId, offset)
  }
})

/**
 * A {@link SandboxStore} on `node:sqlite`: a file path (created with its
 * directory when missing), or `":memory:"`.
 *
 * @example
 * ```ts
 * import { createSandbox, sqliteStore } from "payment-plan-engine/sandbox"
 * const sandbox = createSandbox({ store: sqliteStore(".sandbox/data.sqlite"), merchants })
 * ```
 * @category Sandbox
 * @since 0.1.0
 */

export const sqliteStore = (path = ":memory:"): SandboxStore => {
  const { sql, transaction, close } = openDatabase(path)
  const webhooks = sqliteWebhookStore(sql)
  return {
    transaction,
    webhooks,
    ...documents(sql),
    ...keysAndClocks(sql),
    reset: (merchantId) => {
      transaction(() => {
        for (const table of MERCHANT_TABLES) sql(`DELETE FROM ${table} WHERE merchant_id = ?`).run(merchantId)
        // scopes are the merchant id, or the merchant id and a suffix after ":"
        sql("DELETE FROM idempotency WHERE scope = ? OR substr(scope, 1, length(?) + 1) = ? || ':'").run(
          merchantId,
          merchantId,
          merchantId
        )
        webhooks.reset(merchantId)
      })
    },
    close
  }
}
