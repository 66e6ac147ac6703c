/**
 * The webhook outbox in the sandbox's SQLite database: the merchants'
 * endpoints set at run time, the messages (one per event, written in the
 * transaction of the change that caused it) and every delivery attempt.
 * Synchronous, like the rest of the store: an operation's writes and its
 * events commit or roll back together.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite"

/** An endpoint set at run time (`PUT /sandbox/webhook`); `url: null` when it was removed. */
export interface StoredEndpoint {
  readonly url: string | null
  readonly secret: string | null
  readonly updatedAt: number
}

/** `pending` until delivered (`delivered`) or abandoned after the last attempt (`failed`). */
export type MessageState = "pending" | "delivered" | "failed"

/** A message to write: one event of one merchant. */
export interface NewMessage {
  /** the `webhook-id` */
  readonly id: string
  readonly merchantId: string
  /** messages of one key are delivered one at a time, in the order they were written (a plan id) */
  readonly orderKey: string
  readonly type: string
  /** the event's `timestamp` (sandbox time) */
  readonly timestamp: string
  /** the exact body that is signed and sent */
  readonly body: string
  /** real epoch milliseconds */
  readonly createdAt: number
  /** how many attempts it may have */
  readonly maxAttempts: number
}

/** A stored message. */
export interface StoredMessage extends NewMessage {
  /** the order of writing */
  readonly seq: number
  readonly state: MessageState
  readonly attempts: number
  /** real epoch milliseconds of the next attempt while pending */
  readonly nextAttemptAt: number | null
}

/** One attempt to deliver a message. */
export interface DeliveryAttempt {
  readonly messageId: string
  readonly attempt: number
  /** real epoch milliseconds when it was sent */
  readonly at: number
  readonly url: string | null
  /** the receiver's HTTP status; null without an answer */
  readonly status: number | null
  /** why it failed without an answer (`timeout`, `connection refused`, …) */
  readonly error: string | null
  readonly durationMs: number
  /** when the next attempt is due, null when there is none */
  readonly nextRetryAt: number | null
}

/** The outbox's part of the store. */
export interface WebhookStore {
  readonly getEndpoint: (merchantId: string) => StoredEndpoint | undefined
  readonly putEndpoint: (merchantId: string, endpoint: StoredEndpoint) => void
  /** Writes messages in the given order (call it inside the change's transaction). */
  readonly enqueue: (messages: ReadonlyArray<NewMessage>) => void
  /**
   * The merchant's pending messages due by `now`, each the earliest pending
   * message of its key, due retries first, then oldest first; `skip` are in
   * flight already.
   */
  readonly due: (
    merchantId: string,
    now: number,
    limit: number,
    skip: ReadonlySet<string>
  ) => ReadonlyArray<StoredMessage>
  /**
   * The earliest `nextAttemptAt` of the merchant's pending messages that are
   * first of their key, `skip` (in flight) left out.
   */
  readonly nextDueAt: (merchantId: string, skip: ReadonlySet<string>) => number | undefined
  /** The merchants with pending messages (a restarted worker starts from them). */
  readonly pendingMerchants: () => ReadonlyArray<string>
  /** The merchants with a retry due by `now`, the one whose retry has waited longest first. */
  readonly retryingMerchants: (now: number) => ReadonlyArray<string>
  /** The merchant's due retries alone, as `due` gives them. */
  readonly dueRetries: (
    merchantId: string,
    now: number,
    limit: number,
    skip: ReadonlySet<string>
  ) => ReadonlyArray<StoredMessage>
  /** Records an attempt and the message's state after it. */
  readonly recordAttempt: (
    attempt: DeliveryAttempt,
    next: { readonly state: MessageState; readonly nextAttemptAt: number | null }
  ) => void
  readonly getMessage: (merchantId: string, id: string) => StoredMessage | undefined
  /** The merchant's messages, newest first. */
  readonly listMessages: (merchantId: string, limit: number) => ReadonlyArray<StoredMessage>
  readonly listAttempts: (messageId: string) => ReadonlyArray<DeliveryAttempt>
  /** Sends a message again at `now`: one more attempt once it was delivered or abandoned; a pending one just goes now. */
  readonly resend: (merchantId: string, id: string, now: number) => void
  /** Watches an open checkout until it finishes or expires. */
  readonly watchExpiry: (checkout: WatchedCheckout) => void
  readonly unwatchExpiry: (checkoutId: string) => void
  /** The merchant's watched checkouts whose expiry is at or before `now` (sandbox time), soonest first. */
  readonly expiredBy: (merchantId: string, now: number) => ReadonlyArray<WatchedCheckout>
  /** The merchants with watched checkouts. */
  readonly watchingMerchants: () => ReadonlyArray<string>
  /** Deletes the merchant's messages, attempts and watches (its endpoint is configuration: it stays). */
  readonly reset: (merchantId: string) => void
}

/** An open checkout watched for `checkout.expired`. */
export interface WatchedCheckout {
  readonly id: string
  readonly merchantId: string
  readonly merchantOrderId: string
  /** epoch milliseconds, sandbox time */
  readonly expiresAt: number
}

const TABLES = [
  "CREATE TABLE IF NOT EXISTS webhook_endpoints (merchant_id TEXT PRIMARY KEY, url TEXT, secret TEXT, updated_at INTEGER NOT NULL)",
  `CREATE TABLE IF NOT EXISTS webhook_messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, merchant_id TEXT NOT NULL, order_key TEXT NOT NULL,
    type TEXT NOT NULL, timestamp TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL,
    state TEXT NOT NULL, attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL, next_attempt_at INTEGER)`,
  // each merchant's pending messages by due time: the worker looks merchant by merchant (fair delivery),
  // and the merchants with pending messages are found by skipping through it
  "CREATE INDEX IF NOT EXISTS webhook_messages_pending_by_merchant ON webhook_messages (state, merchant_id, next_attempt_at, seq)",
  // each merchant's pending retries alone, so the worker finds due ones without walking a backlog of first attempts
  "CREATE INDEX IF NOT EXISTS webhook_messages_retries_by_merchant ON webhook_messages (merchant_id, next_attempt_at) WHERE state = 'pending' AND attempts > 0",
  // the indexes of the shared queue, before delivery was per merchant (files written by earlier versions)
  "DROP INDEX IF EXISTS webhook_messages_pending",
  "DROP INDEX IF EXISTS webhook_messages_retries",
  "CREATE INDEX IF NOT EXISTS webhook_messages_by_key ON webhook_messages (merchant_id, order_key, state, seq)",
  "CREATE INDEX IF NOT EXISTS webhook_messages_by_merchant ON webhook_messages (merchant_id, seq)",
  `CREATE TABLE IF NOT EXISTS webhook_attempts (
    message_id TEXT NOT NULL, attempt INTEGER NOT NULL, at INTEGER NOT NULL, url TEXT, status INTEGER, error TEXT,
    duration_ms INTEGER NOT NULL, next_retry_at INTEGER, PRIMARY KEY (message_id, attempt))`,
  "CREATE TABLE IF NOT EXISTS webhook_expiry_watch (checkout_id TEXT PRIMARY KEY, merchant_id TEXT NOT NULL, merchant_order_id TEXT NOT NULL, expires_at INTEGER NOT NULL)",
  "CREATE INDEX IF NOT EXISTS webhook_expiry_by_merchant ON webhook_expiry_watch (merchant_id, expires_at)"
] as const

interface MessageRow {
  seq: number
  id: string
  merchant_id: string
  order_key: string
  type: string
  timestamp: string
  body: string
  created_at: number
  state: string
  attempts: number
  max_attempts: number
  next_attempt_at: number | null
}

const messageOf = (row: MessageRow): StoredMessage => ({
  seq: Number(row.seq),
  id: row.id,
  merchantId: row.merchant_id,
  orderKey: row.order_key,
  type: row.type,
  timestamp: row.timestamp,
  body: row.body,
  createdAt: Number(row.created_at),
  state: row.state as MessageState,
  attempts: Number(row.attempts),
  maxAttempts: Number(row.max_attempts),
  nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at)
})

/** The message is the earliest pending one of its key: a key's next message waits for the one before it. */
const HEAD_OF_KEY = `NOT EXISTS (SELECT 1 FROM webhook_messages p
  WHERE p.merchant_id = m.merchant_id AND p.order_key = m.order_key AND p.state = 'pending' AND p.seq < m.seq)`

/** Up to `limit` of `rows`, each once, none of `skip` (in flight). */
const pick = (rows: ReadonlyArray<MessageRow>, limit: number, skip: ReadonlySet<string>): Array<StoredMessage> => {
  const taken = new Set<string>()
  const picked: Array<StoredMessage> = []
  for (const row of rows) {
    if (picked.length >= limit) break
    if (skip.has(row.id) || taken.has(row.id)) continue
    taken.add(row.id)
    picked.push(messageOf(row))
  }
  return picked
}

const nullableNumber = (value: unknown): number | null => (value === null ? null : Number(value))

/**
 * The outbox on the sandbox store's `node:sqlite` database, given its
 * statement cache (`sql(text)` prepares once); its tables created when missing.
 */
export const sqliteWebhookStore = (sql: (text: string) => StatementSync): WebhookStore => {
  for (const statement of TABLES) sql(statement).run()
  // the merchant's due retries, first of their key, the longest waiting first
  const dueRetries = (merchantId: string, now: number, limit: number) =>
    sql(
      `SELECT m.* FROM webhook_messages m INDEXED BY webhook_messages_retries_by_merchant
       WHERE m.merchant_id = ? AND m.state = 'pending' AND m.attempts > 0 AND m.next_attempt_at <= ? AND ${HEAD_OF_KEY}
       ORDER BY m.next_attempt_at LIMIT ?`
    ).all(merchantId, now, limit) as unknown as Array<MessageRow>
  return {
    getEndpoint: (merchantId) => {
      const row = sql("SELECT url, secret, updated_at FROM webhook_endpoints WHERE merchant_id = ?").get(merchantId) as
        | { url: string | null; secret: string | null; updated_at: number }
        | undefined
      return row === undefined ? undefined : { url: row.url, secret: row.secret, updatedAt: Number(row.updated_at) }
    },
    putEndpoint: (merchantId, endpoint) => {
      sql(
        "INSERT INTO webhook_endpoints (merchant_id, url, secret, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (merchant_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at"
      ).run(merchantId, endpoint.url, endpoint.secret, endpoint.updatedAt)
    },
    enqueue: (messages) => {
      const insert = sql(
        "INSERT INTO webhook_messages (id, merchant_id, order_key, type, timestamp, body, created_at, state, attempts, max_attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)"
      )
      for (const m of messages) {
        insert.run(m.id, m.merchantId, m.orderKey, m.type, m.timestamp, m.body, m.createdAt, m.maxAttempts, m.createdAt)
      }
    },
    due: (merchantId, now, limit, skip) => {
      if (limit <= 0) return []
      // Due retries first (their own index), so a backlog of new events never holds a retry past its
      // promise (the first retry within 10 s); then the rest by due time, as the index walks them.
      const retries = dueRetries(merchantId, now, limit + skip.size)
      const rest = sql(
        `SELECT m.* FROM webhook_messages m INDEXED BY webhook_messages_pending_by_merchant
         WHERE m.state = 'pending' AND m.merchant_id = ? AND m.next_attempt_at <= ? AND ${HEAD_OF_KEY}
         ORDER BY m.next_attempt_at, m.seq LIMIT ?`
      ).all(merchantId, now, limit + skip.size + retries.length) as unknown as Array<MessageRow>
      return pick([...retries, ...rest], limit, skip)
    },
    dueRetries: (merchantId, now, limit, skip) =>
      limit <= 0 ? [] : pick(dueRetries(merchantId, now, limit + skip.size), limit, skip),
    retryingMerchants: (now) =>
      // one index seek per merchant with pending retries (a skip scan), then its earliest retry
      (sql(
        `WITH RECURSIVE merchant (id) AS (
           SELECT (SELECT merchant_id FROM webhook_messages INDEXED BY webhook_messages_retries_by_merchant
                   WHERE state = 'pending' AND attempts > 0 ORDER BY merchant_id LIMIT 1)
           UNION ALL
           SELECT (SELECT merchant_id FROM webhook_messages INDEXED BY webhook_messages_retries_by_merchant
                   WHERE state = 'pending' AND attempts > 0 AND merchant_id > merchant.id ORDER BY merchant_id LIMIT 1)
           FROM merchant WHERE merchant.id IS NOT NULL)
         SELECT id, (SELECT MIN(next_attempt_at) FROM webhook_messages INDEXED BY webhook_messages_retries_by_merchant
                     WHERE state = 'pending' AND attempts > 0 AND merchant_id = merchant.id) AS due
         FROM merchant WHERE id IS NOT NULL AND due <= ? ORDER BY due`
      ).all(now) as Array<{ id: string }>).map((r) => r.id),
    nextDueAt: (merchantId, skip) => {
      const rows = sql(
        `SELECT m.id, m.next_attempt_at FROM webhook_messages m INDEXED BY webhook_messages_pending_by_merchant
         WHERE m.state = 'pending' AND m.merchant_id = ? AND ${HEAD_OF_KEY}
         ORDER BY m.next_attempt_at LIMIT ?`
      ).all(merchantId, skip.size + 1) as Array<{ id: string; next_attempt_at: number }>
      const row = rows.find((r) => !skip.has(r.id))
      return row === undefined ? undefined : Number(row.next_attempt_at)
    },
    pendingMerchants: () =>
      // one index seek per merchant (a skip scan), however many messages are pending
      (sql(
        `WITH RECURSIVE merchant (id) AS (
           SELECT (SELECT merchant_id FROM webhook_messages WHERE state = 'pending' ORDER BY merchant_id LIMIT 1)
           UNION ALL
           SELECT (SELECT merchant_id FROM webhook_messages WHERE state = 'pending' AND merchant_id > merchant.id
                   ORDER BY merchant_id LIMIT 1)
           FROM merchant WHERE merchant.id IS NOT NULL)
         SELECT id FROM merchant WHERE id IS NOT NULL`
      ).all() as Array<{ id: string }>).map((r) => r.id),
    recordAttempt: (attempt, next) => {
      sql(
        "INSERT OR REPLACE INTO webhook_attempts (message_id, attempt, at, url, status, error, duration_ms, next_retry_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
      ).run(
        attempt.messageId,
        attempt.attempt,
        attempt.at,
        attempt.url,
        attempt.status,
        attempt.error,
        attempt.durationMs,
        attempt.nextRetryAt
      )
      sql("UPDATE webhook_messages SET state = ?, attempts = ?, next_attempt_at = ? WHERE id = ?").run(
        next.state,
        attempt.attempt,
        next.nextAttemptAt,
        attempt.messageId
      )
    },
    getMessage: (merchantId, id) => {
      const row = sql("SELECT * FROM webhook_messages WHERE merchant_id = ? AND id = ?").get(merchantId, id) as
        | MessageRow
        | undefined
      return row === undefined ? undefined : messageOf(row)
    },
    listMessages: (merchantId, limit) =>
      (sql("SELECT * FROM webhook_messages WHERE merchant_id = ? ORDER BY seq DESC LIMIT ?").all(
        merchantId,
        limit
      ) as unknown as Array<MessageRow>).map(messageOf),
    listAttempts: (messageId) =>
      (sql("SELECT * FROM webhook_attempts WHERE message_id = ? ORDER BY attempt").all(messageId) as Array<
        Record<string, unknown>
      >).map((r) => ({
        messageId: r["message_id"] as string,
        attempt: Number(r["attempt"]),
        at: Number(r["at"]),
        url: r["url"] as string | null,
        status: nullableNumber(r["status"]),
        error: r["error"] as string | null,
        durationMs: Number(r["duration_ms"]),
        nextRetryAt: nullableNumber(r["next_retry_at"])
      })),
    resend: (merchantId, id, now) => {
      sql(
        `UPDATE webhook_messages SET state = 'pending', next_attempt_at = ?,
          max_attempts = CASE WHEN state = 'pending' THEN max_attempts ELSE attempts + 1 END
         WHERE merchant_id = ? AND id = ?`
      ).run(now, merchantId, id)
    },
    watchExpiry: (c) => {
      sql(
        "INSERT OR REPLACE INTO webhook_expiry_watch (checkout_id, merchant_id, merchant_order_id, expires_at) VALUES (?, ?, ?, ?)"
      ).run(c.id, c.merchantId, c.merchantOrderId, c.expiresAt)
    },
    unwatchExpiry: (checkoutId) => {
      sql("DELETE FROM webhook_expiry_watch WHERE checkout_id = ?").run(checkoutId)
    },
    expiredBy: (merchantId, now) =>
      (sql(
        "SELECT * FROM webhook_expiry_watch WHERE merchant_id = ? AND expires_at <= ? ORDER BY expires_at, checkout_id"
      ).all(merchantId, now) as Array<Record<string, unknown>>).map((r) => ({
        id: r["checkout_id"] as string,
        merchantId: r["merchant_id"] as string,
        merchantOrderId: r["merchant_order_id"] as string,
        expiresAt: Number(r["expires_at"])
      })),
    watchingMerchants: () =>
      (sql("SELECT DISTINCT merchant_id FROM webhook_expiry_watch").all() as Array<{ merchant_id: string }>).map((r) =>
        r.merchant_id
      ),
    reset: (merchantId) => {
      sql("DELETE FROM webhook_expiry_watch WHERE merchant_id = ?").run(merchantId)
      sql(
        "DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE merchant_id = ?)"
      ).run(merchantId)
      sql("DELETE FROM webhook_messages WHERE merchant_id = ?").run(merchantId)
    }
  }
}
