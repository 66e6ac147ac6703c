/**
 * Writing events to the outbox: the sandbox's operations hand the core's
 * webhook events here inside the transaction of the change that caused
 * them, so the events commit with the change or not at all. Also the
 * merchant's endpoint (the merchants file, overridden at run time) and the
 * watch of open checkouts for `checkout.expired`.
 *
 * @module
 */
import * as Time from "../../../core/foundation/time/index.ts"
import { bodyOf, eventOfCheckout, type WebhookEndpoint, type WebhookEvent } from "../../../core/webhook/index.ts"
import type { NewMessage, WebhookStore } from "./store.ts"
import type { EndpointLookup } from "./worker.ts"

/**
 * The key whose messages are delivered in order: a plan's events (a completed
 * checkout's included) by plan, a checkout's without a plan by checkout, a
 * test event on its own.
 */
export const orderKeyOf = (event: WebhookEvent, messageId: string): string => {
  const data = event.data as { readonly planId?: string; readonly checkoutId?: string }
  return data.planId !== undefined ? `plan:${data.planId}` : data.checkoutId !== undefined
    ? `checkout:${data.checkoutId}`
    : `message:${messageId}`
}

/**
 * The merchant's endpoint now: the one set at run time (`PUT /sandbox/webhook`,
 * or removed), else the merchants file's.
 */
export const endpointLookup = (
  store: WebhookStore,
  configured: (merchantId: string) => WebhookEndpoint | undefined
): EndpointLookup =>
(merchantId) => {
  const stored = store.getEndpoint(merchantId)
  if (stored !== undefined) {
    return stored.url === null || stored.secret === null ? undefined : { url: stored.url, secret: stored.secret }
  }
  return configured(merchantId)
}

/** What an operation hands its events to. */
export interface WebhookOutbox {
  /** Writes the merchant's events, in order, if it has an endpoint (inside the change's transaction). */
  readonly emit: (merchantId: string, events: ReadonlyArray<WebhookEvent>) => void
  /**
   * Runs `f` and writes the events it emits at its end in date order (a
   * test-clock advance settles plan after plan; each plan's events keep their order).
   */
  readonly inDateOrder: <A>(f: () => A) => A
  /** Watches an open checkout for its expiry (`checkout.expired`). */
  readonly watchExpiry: (checkout: {
    readonly id: string
    readonly merchantId: string
    readonly merchantOrderId: string
    readonly expiresAt: number
  }) => void
  /** The checkout finished (completed, declined, cancelled): it will not expire. */
  readonly unwatchExpiry: (checkoutId: string) => void
  /** Emits `checkout.expired` for the merchant's watched checkouts that expired by `now` (sandbox time). */
  readonly sweepExpiries: (merchantId: string, now: number) => number
}

/** What the outbox needs. */
export interface OutboxOptions {
  readonly store: WebhookStore
  readonly endpointOf: EndpointLookup
  readonly newId: (prefix: string) => string
  /** the real clock */
  readonly now: () => number
  readonly maxAttempts: number
  /** called after a merchant's events were written: the worker looks once the transaction is over */
  readonly notify: (merchantId: string) => void
}

const instant = (text: string): number => Time.parseDateTime(text) ?? 0

/** The outbox of a sandbox. */
export const makeOutbox = (options: OutboxOptions): WebhookOutbox => {
  const { store } = options
  let buffer: Array<NewMessage> | undefined
  const write = (messages: ReadonlyArray<NewMessage>) => {
    if (messages.length === 0) return
    store.enqueue(messages)
    for (const merchantId of new Set(messages.map((m) => m.merchantId))) options.notify(merchantId)
  }
  const emit = (merchantId: string, events: ReadonlyArray<WebhookEvent>) => {
    if (events.length === 0 || options.endpointOf(merchantId) === undefined) return
    const createdAt = options.now()
    const messages = events.map((event): NewMessage => {
      const id = options.newId("msg")
      return {
        id,
        merchantId,
        orderKey: orderKeyOf(event, id),
        type: event.type,
        timestamp: event.timestamp,
        body: bodyOf(event),
        createdAt,
        maxAttempts: options.maxAttempts
      }
    })
    if (buffer !== undefined) buffer.push(...messages)
    else write(messages)
  }
  return {
    emit,
    inDateOrder: (f) => {
      if (buffer !== undefined) return f()
      buffer = []
      try {
        const result = f()
        // a stable sort: events of one instant, and each plan's, keep the order they were emitted in
        const sorted = buffer.map((m, k) => ({ m, k, at: instant(m.timestamp) }))
          .sort((a, b) => a.at - b.at || a.k - b.k)
          .map((x) => x.m)
        buffer = undefined
        write(sorted)
        return result
      } finally {
        buffer = undefined
      }
    },
    watchExpiry: (checkout) => store.watchExpiry(checkout),
    unwatchExpiry: (checkoutId) => store.unwatchExpiry(checkoutId),
    sweepExpiries: (merchantId, now) => {
      const expired = store.expiredBy(merchantId, now)
      for (const checkout of expired) {
        store.unwatchExpiry(checkout.id)
        emit(merchantId, [
          eventOfCheckout({
            _tag: "Expired",
            checkoutId: checkout.id,
            merchantOrderId: checkout.merchantOrderId,
            expiresAt: checkout.expiresAt
          })
        ])
      }
      return expired.length
    }
  }
}
