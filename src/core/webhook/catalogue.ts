/**
 * The webhook event catalogue: what a merchant-level webhook says, as Effect
 * Schemas (docs/webhooks.md).
 *
 * The service description has a merchant-level webhook but shows neither its
 * event kinds nor their payloads ("Events", 3): this catalogue is this
 * library's and its sandbox's, not the service's (docs/decisions/0035-webhooks.md).
 *
 * Every event is `{ type, timestamp, data }` (the Standard Webhooks payload):
 * `type` names the event, `timestamp` is the RFC 3339 instant it happened, and
 * `data` its facts. Each event is declared once, strictly ({@link WebhookEvent}:
 * what this library builds), and read tolerantly ({@link WebhookEventResponse}:
 * what a receiver accepts, R9), the tolerant `data` derived from the strict one.
 * An event of a type this catalogue does not list is read as an
 * {@link UnknownWebhookEvent}, never refused, so a new event never breaks a
 * receiver.
 *
 * @module
 */
// Over 400 lines: the webhook event catalogue, one schema per event type (a table).
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { fail, type ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { describe, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { DESCRIBED, issuesFromSchema } from "../internal/schema-issues.ts"
import { Enum, loose, OpenStruct, rule, tolerant, type TolerantWith, WholeNumber } from "../internal/schema-kit.ts"
import { CANCELLATION_REASONS, PLAN_STATUSES } from "../plan/record.ts"
import { WEBHOOK_RULE } from "./rule.ts"

const Text = Schema.String
const Amount = Schema.Number
const Nullable = <S extends Schema.Top>(schema: S) => Schema.NullOr(schema)

// ---------------------------------------------------------------------------
// The facts of each event (strict)

/**
 * `checkout.completed`: the customer paid the deposit and the plan exists.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const CheckoutCompletedData = Schema.Struct({
  checkoutId: Text,
  planId: Text,
  merchantOrderId: Text,
  currencyCode: Text,
  /** the first payment: the deposit (instalment 1, R6.9) */
  depositAmount: Amount,
  totalCost: Amount,
  /** the plan's status after the deposit: `OnSchedule`, or `Completed` when the deposit was the only payment */
  planStatus: Enum(PLAN_STATUSES)
})

/**
 * `checkout.declined`: the deposit was refused (the card was declined); no plan exists.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const CheckoutDeclinedData = Schema.Struct({
  checkoutId: Text,
  merchantOrderId: Text,
  currencyCode: Text,
  /** the deposit that was refused */
  depositAmount: Amount,
  /** why: `card_declined` */
  reason: Text
})

/**
 * `checkout.expired`: the checkout reached its expiry (R4.7) without completing; no plan exists.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const CheckoutExpiredData = Schema.Struct({
  checkoutId: Text,
  merchantOrderId: Text,
  expiredAt: Time.DateTimeText
})

/** The fields every `plan.*` event carries. */
const planFields = {
  planId: Text,
  merchantOrderId: Text
}

/** The fields of an instalment event. */
const installmentFields = {
  ...planFields,
  installmentNumber: WholeNumber(1, "R6.9"),
  amount: Amount,
  currencyCode: Text,
  /** the instant the instalment fell due */
  dueDate: Time.DateTimeText,
  totalPaid: Amount,
  remainingAmount: Amount
}

/**
 * `plan.installment_paid`: an instalment was paid in full (the deposit is instalment 1).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanInstallmentPaidData = Schema.Struct({
  ...installmentFields,
  transactionId: Nullable(Text)
})

/**
 * `plan.installment_failed`: an instalment that fell due was not paid (the plan is then `Late`).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanInstallmentFailedData = Schema.Struct(installmentFields)

/**
 * `plan.status_changed`: the plan's status moved (`previousStatus` → `status`).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanStatusChangedData = Schema.Struct({
  ...planFields,
  previousStatus: Enum(PLAN_STATUSES),
  status: Enum(PLAN_STATUSES)
})

/**
 * `plan.completed`: the last instalment was paid.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanCompletedData = Schema.Struct({
  ...planFields,
  currencyCode: Text,
  totalPaid: Amount
})

/**
 * `plan.cancelled`: the plan ended (R7.8) with the amount refunded.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanCancelledData = Schema.Struct({
  ...planFields,
  currencyCode: Text,
  reason: Enum(CANCELLATION_REASONS),
  details: Nullable(Text),
  refundAmount: Amount,
  totalPaid: Amount
})

/**
 * `plan.merchant_order_set`: the merchant set or confirmed its order id.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanMerchantOrderSetData = Schema.Struct(planFields)

/**
 * `plan.payments_paused`: no payment falls due before `pausedUntil`.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const PlanPaymentsPausedData = Schema.Struct({
  ...planFields,
  pausedUntil: Time.DateTimeText
})

/**
 * `webhook.test`: sent on request (`POST /sandbox/webhook/test`) to try a receiver.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const WebhookTestData = Schema.Struct({
  message: Text
})

/**
 * Each event type with the schema of its `data`, and the field that names
 * what it is about (kept required when read tolerantly).
 */
const CATALOGUE = {
  "checkout.completed": { data: CheckoutCompletedData, identity: "checkoutId" },
  "checkout.declined": { data: CheckoutDeclinedData, identity: "checkoutId" },
  "checkout.expired": { data: CheckoutExpiredData, identity: "checkoutId" },
  "plan.installment_paid": { data: PlanInstallmentPaidData, identity: "planId" },
  "plan.installment_failed": { data: PlanInstallmentFailedData, identity: "planId" },
  "plan.status_changed": { data: PlanStatusChangedData, identity: "planId" },
  "plan.completed": { data: PlanCompletedData, identity: "planId" },
  "plan.cancelled": { data: PlanCancelledData, identity: "planId" },
  "plan.merchant_order_set": { data: PlanMerchantOrderSetData, identity: "planId" },
  "plan.payments_paused": { data: PlanPaymentsPausedData, identity: "planId" },
  "webhook.test": { data: WebhookTestData, identity: "message" }
} as const

type Catalogue = typeof CATALOGUE

/**
 * The event types of the catalogue, in the order docs/webhooks.md lists them.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const EVENT_TYPES = Object.keys(CATALOGUE) as ReadonlyArray<WebhookEventType>

/**
 * An event type of the catalogue: one of the eleven names of docs/webhooks.md
 * (`"checkout.completed"`, `"plan.cancelled"`, …; see {@link EVENT_TYPES}).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export type WebhookEventType = keyof Catalogue

const KNOWN: ReadonlySet<string> = new Set(Object.keys(CATALOGUE))

/**
 * Whether `type` is an event type of the catalogue.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.isEventType("plan.cancelled") // true
 * Webhook.isEventType("plan.renamed") // false
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const isEventType = (type: unknown): type is WebhookEventType => typeof type === "string" && KNOWN.has(type)

// ---------------------------------------------------------------------------
// The events (strict)

const strictMember = <const T extends WebhookEventType>(type: T) =>
  Schema.Struct({
    type: Schema.Literal(type),
    timestamp: Time.DateTimeText,
    data: CATALOGUE[type].data as Catalogue[T]["data"]
  })

/**
 * A webhook event as this library builds it: `{ type, timestamp, data }`, a
 * union tagged by `type` (`WebhookEvent.cases["plan.cancelled"]`,
 * `WebhookEvent.match`, `WebhookEvent.guards`).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import * as Webhook from "payment-plan-engine/webhook"
 * const event = Schema.decodeUnknownSync(Webhook.WebhookEvent)({
 *   type: "plan.status_changed",
 *   timestamp: "2026-12-07T00:00:00.000Z",
 *   data: { planId: "plan_1", merchantOrderId: "order-1", previousStatus: "OnSchedule", status: "Late" }
 * })
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const WebhookEvent = Schema.Union([
  strictMember("checkout.completed"),
  strictMember("checkout.declined"),
  strictMember("checkout.expired"),
  strictMember("plan.installment_paid"),
  strictMember("plan.installment_failed"),
  strictMember("plan.status_changed"),
  strictMember("plan.completed"),
  strictMember("plan.cancelled"),
  strictMember("plan.merchant_order_set"),
  strictMember("plan.payments_paused"),
  strictMember("webhook.test")
]).pipe(Schema.toTaggedUnion("type"))

/**
 * @category Webhooks
 * @since 0.2.0
 */
export type WebhookEvent = typeof WebhookEvent.Type

/**
 * The event of one type.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { readonly type: T }>

/**
 * The `data` of one event type.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export type WebhookEventData<T extends WebhookEventType> = WebhookEventOf<T>["data"]

// ---------------------------------------------------------------------------
// The events read tolerantly (R9)

/**
 * The tolerant reading of one type: `type` stays its literal (so a `switch`
 * on it narrows), `timestamp` may be missing, `data` is the strict data read
 * by the kit's `tolerant` with its identity (`planId`, `checkoutId`) required,
 * unknown fields kept.
 */
const tolerantMemberOf = <const T extends WebhookEventType>(type: T) => {
  const entry = CATALOGUE[type]
  return OpenStruct({
    type: Schema.Literal(type),
    timestamp: loose(Schema.String),
    data: tolerant(entry.data, [entry.identity] as never) as Schema.Codec<
      TolerantWith<Catalogue[T]["data"]["Type"], Catalogue[T]["identity"] & keyof Catalogue[T]["data"]["Type"]>,
      unknown
    >
  })
}

// each type's reading is built once, on first use, and shared by the union and the type's own decoder
const tolerantMembers = new Map<WebhookEventType, Schema.Top>()

const tolerantMember = <const T extends WebhookEventType>(type: T): ReturnType<typeof tolerantMemberOf<T>> => {
  let member = tolerantMembers.get(type)
  if (member === undefined) tolerantMembers.set(type, member = tolerantMemberOf(type))
  return member as ReturnType<typeof tolerantMemberOf<T>>
}

/**
 * A webhook event of the catalogue read tolerantly (R9): unknown fields kept,
 * enumerations open, numbers also read from their text, every field of `data`
 * optional and nullable but its identity (`planId`, `checkoutId`). A strict
 * {@link WebhookEvent} is always one.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import * as Webhook from "payment-plan-engine/webhook"
 * const event = Schema.decodeUnknownSync(Webhook.WebhookEventResponse)(JSON.parse(delivery.body))
 * if (event.type === "plan.cancelled") console.log(event.data.planId, event.data.refundAmount)
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const WebhookEventResponse = Schema.suspend(() =>
  // built on first use, like every tolerant reading (a light start), from the catalogue: a type added
  // there is read here without a line of its own
  Schema.Union(
    EVENT_TYPES.map((type) => tolerantMember(type)) as ReadonlyArray<
      WebhookEventType extends infer T ? T extends WebhookEventType ? ReturnType<typeof tolerantMemberOf<T>> : never
        : never
    >
  )
)

// each type's decoder, made on first use: a known type's issues are its own schema's, not the union's
const decoders = new Map<
  WebhookEventType,
  ReturnType<typeof Schema.decodeUnknownResult<Schema.Codec<unknown, unknown>>>
>()

const decodeMember = (type: WebhookEventType) => {
  let decode = decoders.get(type)
  if (decode === undefined) {
    decoders.set(type, decode = Schema.decodeUnknownResult(tolerantMember(type) as Schema.Codec<unknown, unknown>))
  }
  return decode
}

/**
 * @category Webhooks
 * @since 0.2.0
 */
export type WebhookEventResponse = typeof WebhookEventResponse.Type

/**
 * An event whose `type` the catalogue does not list (a newer sandbox or
 * service, say): kept as it came, so a receiver can log or ignore it.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const UnknownWebhookEvent = OpenStruct({
  type: Schema.String.check(
    rule<string>("enum", WEBHOOK_RULE, "must not be a type of the catalogue", (s) => !KNOWN.has(s))
  ),
  timestamp: loose(Schema.String),
  data: Schema.optionalKey(Schema.Unknown)
})

/**
 * @category Webhooks
 * @since 0.2.0
 */
export type UnknownWebhookEvent = typeof UnknownWebhookEvent.Type

/**
 * What a receiver read: an event of the catalogue (`known: true`, narrow on
 * `event.type`), or one of another type (`known: false`), never refused.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export type ReadWebhookEvent =
  | { readonly known: true; readonly event: WebhookEventResponse }
  | { readonly known: false; readonly event: UnknownWebhookEvent }

const decodeUnknown = Schema.decodeUnknownResult(UnknownWebhookEvent)

/**
 * Reads a webhook body (parsed JSON) tolerantly: an event of the catalogue,
 * or an unknown type kept as it came. Fails with a `ValidationError` only
 * when the body is not an event (`type` missing or not a string) or an event
 * of a known type lacks what identifies it (its `data`, `planId` or `checkoutId`).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * const read = readEventResult({ type: "plan.renamed", data: {} })
 * Result.isSuccess(read) && read.success.known // false: kept, not refused
 * ```
 * @since 0.2.0
 */
export const readEventResult = (json: unknown): Result.Result<ReadWebhookEvent, ValidationError> => {
  if (!isRecord(json)) {
    return fail([
      issue("", "type", WEBHOOK_RULE, `must be an event object { type, timestamp, data }, got ${describe(json)}`)
    ])
  }
  const type = json["type"]
  if (typeof type !== "string") {
    return fail([
      issue("type", type === undefined ? "required" : "type", WEBHOOK_RULE, `must be a string, got ${describe(type)}`)
    ])
  }
  if (!KNOWN.has(type)) {
    const unknown = decodeUnknown(json, DESCRIBED)
    return Result.isSuccess(unknown)
      ? Result.succeed({ known: false, event: unknown.success })
      : fail(issuesFromSchema(unknown.failure.issue, WEBHOOK_RULE).issues)
  }
  const known = decodeMember(type as WebhookEventType)(json, DESCRIBED)
  return Result.isSuccess(known)
    ? Result.succeed({ known: true, event: known.success as WebhookEventResponse })
    : fail(issuesFromSchema(known.failure.issue, WEBHOOK_RULE).issues)
}

/**
 * Reads a webhook body (parsed JSON) tolerantly: an event of the catalogue,
 * or an unknown type kept as it came. Fails with a `ValidationError` only
 * when the body is not an event (`type` missing or not a string) or an event
 * of a known type lacks what identifies it (its `data`, `planId` or `checkoutId`).
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Webhook from "payment-plan-engine/webhook"
 * const read = Effect.runSync(Webhook.readEvent(JSON.parse(delivery.body)))
 * if (read.known && read.event.type === "plan.completed") console.log(read.event.data.planId)
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const readEvent = (json: unknown): Effect.Effect<ReadWebhookEvent, ValidationError> =>
  Effect.fromResult(readEventResult(json))
