/**
 * Where the sandbox keeps its data: a small store interface, and its default
 * implementation on Node's built-in SQLite (`node:sqlite`). Documents are JSON
 * in a few tables; writes that belong together run in one transaction.
 *
 * @module
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { DatabaseSync, type StatementSync } from "node:sqlite"

/** A checkout as the sandbox keeps it. */
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
  readonly request: Record<string, unknown>
  /** the create-checkout response, as first answered */
  readonly response: Record<string, unknown>
  /** `Open` until the customer completes (`Completed`) or declines or cancels (`Rejected`) */
  readonly state: "Open" | "Completed" | "Rejected"
  readonly planId?: string | undefined
  /** the deposit and its status once the widget finished */
  readonly deposit?: { readonly amount: number; readonly status: "Accepted" | "Rejected" } | undefined
  /** the plan terms the customer accepted */
  readonly terms?: Record<string, unknown> | undefined
  readonly finishedAt?: number | undefined
}

/** A plan as the sandbox keeps it: the core's plan record and the test card that pays it. */
export interface StoredPlan {
  readonly id: string
  readonly merchantId: string
  readonly checkoutId: string
  readonly createdAt: number
  readonly record: Record<string, unknown>
  /** the test card paying the instalments */
  readonly card: string
}

/** A plan note as the sandbox keeps it. */
export interface StoredNote {
  readonly id: string
  readonly planId: string
  readonly merchantId: string
  readonly createdAt: number
  readonly note: Record<string, unknown>
}

/** A response kept for an idempotency key. */
export interface StoredIdempotent {
  readonly fingerprint: string
  readonly status: number
  readonly body: string
}

/**
 * The sandbox's store. Calls are synchronous, so a handler that reads, decides
 * and writes inside {@link SandboxStore.transaction} is atomic both in the
 * database and in the event loop.
 */
export interface SandboxStore {
  /** Runs `f` in one transaction: all its writes or none (when `f` throws). Nested calls are savepoints. */
  readonly transaction: <A>(f: () => A) => A
  readonly getCheckout: (id: string) => StoredCheckout | undefined
  readonly putCheckout: (checkout: StoredCheckout) => void
  readonly getPlan: (id: string) => StoredPlan | undefined
  readonly putPlan: (plan: StoredPlan) => void
  /** Plans of these merchants, oldest first. */
  readonly listPlans: (merchantIds: ReadonlyArray<string>) => ReadonlyArray<StoredPlan>
  readonly listNotes: (planId: string) => ReadonlyArray<StoredNote>
  readonly putNote: (note: StoredNote) => void
  readonly getIdempotent: (scope: string, key: string) => StoredIdempotent | undefined
  readonly putIdempotent: (scope: string, key: string, value: StoredIdempotent) => void
  /** The merchant's test-clock offset in milliseconds (0 when never advanced). */
  readonly getClockOffset: (merchantId: string) => number
  readonly setClockOffset: (merchantId: string, offset: number) => void
  /** Deletes a merchant's checkouts, plans, notes, idempotency keys and clock. */
  readonly reset: (merchantId: string) => void
  readonly close: () => void
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkouts (id TEXT PRIMARY KEY, merchant_id TEXT NOT NULL, created_at INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS plans (id TEXT PRIMARY KEY, merchant_id TEXT NOT NULL, checkout_id TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS plans_by_merchant ON plans (merchant_id, created_at);
CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, plan_id TEXT NOT NULL, merchant_id TEXT NOT NULL, created_at INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS notes_by_plan ON notes (plan_id, created_at);
CREATE TABLE IF NOT EXISTS idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (scope, key));
CREATE TABLE IF NOT EXISTS clocks (merchant_id TEXT PRIMARY KEY, offset_ms INTEGER NOT NULL);
`

/**
 * A {@link SandboxStore} on `node:sqlite`: a file path (created with its
 * directory when missing), or `":memory:"`.
 *
 * @example
 * ```ts
 * import { createSandbox, sqliteStore } from "payment-plan-engine/sandbox"
 * const sandbox = createSandbox({ store: sqliteStore(".sandbox/data.sqlite"), merchants })
 * ```
 */
export const sqliteStore = (path = ":memory:"): SandboxStore => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true })
  const db = new DatabaseSync(path)
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;")
  db.exec(SCHEMA)
  const cache = new Map<string, StatementSync>()
  const sql = (text: string): StatementSync => {
    let statement = cache.get(text)
    if (!statement) {
      statement = db.prepare(text)
      cache.set(text, statement)
    }
    return statement
  }
  const doc = <A>(
    row: unknown
  ): A | undefined => (row === undefined ? undefined : (JSON.parse((row as { doc: string }).doc) as A))
  let depth = 0
  return {
    transaction: (f) => {
      // a nested call is a savepoint: its failure undoes its own writes only
      const savepoint = depth > 0 ? `sp${depth}` : undefined
      db.exec(savepoint ? `SAVEPOINT ${savepoint}` : "BEGIN IMMEDIATE")
      depth++
      try {
        const result = f()
        db.exec(savepoint ? `RELEASE ${savepoint}` : "COMMIT")
        return result
      } catch (e) {
        db.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : "ROLLBACK")
        throw e
      } finally {
        depth--
      }
    },
    getCheckout: (id) => doc(sql("SELECT doc FROM checkouts WHERE id = ?").get(id)),
    putCheckout: (c) => {
      sql(
        "INSERT INTO checkouts (id, merchant_id, created_at, doc) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc"
      ).run(
        c.id,
        c.merchantId,
        c.createdAt,
        JSON.stringify(c)
      )
    },
    getPlan: (id) => doc(sql("SELECT doc FROM plans WHERE id = ?").get(id)),
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
        .map((row) => doc<StoredPlan>(row)!)
    },
    listNotes: (planId) =>
      sql("SELECT doc FROM notes WHERE plan_id = ? ORDER BY created_at, id").all(planId).map((row) =>
        doc<StoredNote>(row)!
      ),
    putNote: (n) => {
      sql(
        "INSERT INTO notes (id, plan_id, merchant_id, created_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc"
      ).run(
        n.id,
        n.planId,
        n.merchantId,
        n.createdAt,
        JSON.stringify(n)
      )
    },
    getIdempotent: (scope, key) => {
      const row = sql("SELECT fingerprint, status, body FROM idempotency WHERE scope = ? AND key = ?").get(
        scope,
        key
      ) as
        | { fingerprint: string; status: number; body: string }
        | undefined
      return row === undefined
        ? undefined
        : { fingerprint: row.fingerprint, status: Number(row.status), body: row.body }
    },
    putIdempotent: (scope, key, value) => {
      sql("INSERT INTO idempotency (scope, key, fingerprint, status, body) VALUES (?, ?, ?, ?, ?)").run(
        scope,
        key,
        value.fingerprint,
        value.status,
        value.body
      )
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
      ).run(
        merchantId,
        offset
      )
    },
    reset: (merchantId) => {
      for (const table of ["checkouts", "plans", "notes", "clocks"]) {
        sql(`DELETE FROM ${table} WHERE merchant_id = ?`).run(merchantId)
      }
      // scopes are the merchant id, or the merchant id and a suffix after ":"
      sql("DELETE FROM idempotency WHERE scope = ? OR substr(scope, 1, length(?) + 1) = ? || ':'").run(
        merchantId,
        merchantId,
        merchantId
      )
    },
    close: () => {
      if (db.isOpen) db.close()
    }
  }
}
