/**
 * The plan lifecycle: a state machine over the plan statuses (docs/plans.md).
 *
 * ```text
 * PendingDeposit ──DepositAccepted──▶ OnSchedule ◀──InstallmentPaid (nothing missed left)── Late
 * OnSchedule ──InstallmentMissed──▶ Late
 * OnSchedule | Late ──InstallmentPaid (the last)──▶ Completed
 * PendingDeposit | OnSchedule | Late | Completed ──PlanCancelled──▶ Cancelled (final)
 * ```
 *
 * Each step returns a new record (the old one is not touched) in which
 * `totalPaid + remainingAmount = totalCost`, `numPaidInstallments` counts the
 * `PAID` instalments and `refundAmount ≤ totalPaid`. Amounts are computed in
 * integer minor units (R1.1).
 *
 * @module
 */
// Over 400 lines: the plan lifecycle, one state machine: every event's fields, steps and their checks.
import type * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { calculation, contract, type Options, type Outcome, outcome, surface, under } from "../foundation/contract.ts"
import { fail, type Input, ValidationError } from "../foundation/issues.ts"
import { amountIssues, fromMinorUnits, toMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { everyMember, exhaustive } from "../internal/exhaustive.ts"
import {
  describe,
  enumExpectation,
  formatPath,
  type Issue,
  issue,
  prefixIssues,
  unknownField
} from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { compileGuard, compileValidator } from "../internal/validator.ts"
import { PLAN_EVENT_TAGS, type PlanEvent, type PlanEventRefusal, PlanTransitionError } from "./events.ts"
import { checkMerchantOrderId } from "./merchant-order.ts"
import { type PlanReading, readPlanCurrency } from "./reading.ts"
import {
  CANCELLATION_REASONS,
  type CancellationReason,
  type Installment,
  type Plan,
  Plan as PlanSchema,
  PLAN_STATUSES,
  type PlanStatus
} from "./record.ts"

/**
 * The statuses in which each event is allowed. Every other pair is refused
 * (`not_allowed`, or `already_cancelled` for a cancelled plan).
 *
 * @category Plans
 * @since 0.1.0
 */
export const ALLOWED_IN: { readonly [Tag in PlanEvent["_tag"]]: ReadonlyArray<PlanStatus> } = {
  DepositAccepted: ["PendingDeposit"],
  InstallmentPaid: ["OnSchedule", "Late"],
  InstallmentMissed: ["OnSchedule", "Late"],
  PaymentPaused: ["OnSchedule", "Late"],
  PlanCancelled: ["PendingDeposit", "OnSchedule", "Late", "Completed"],
  MerchantOrderSet: PLAN_STATUSES
}

const LIFECYCLE = "plans"
const TAGS: ReadonlySet<string> = new Set(PLAN_EVENT_TAGS)
const REASONS: ReadonlySet<string> = new Set(CANCELLATION_REASONS)

/**
 * What the lifecycle reads of a record, picked from its schema: checked before any event (a guard
 * that allocates nothing, the validator only when it says no), so a record of another shape is a
 * `ValidationError`, never a crash.
 */
const LifecyclePlan = Schema.Struct(
  Struct.pick(PlanSchema.fields, [
    "status",
    "updatedAt",
    "timeZone",
    "planCompletionDate",
    "totalPaid",
    "remainingAmount",
    "numPaidInstallments",
    "currency",
    "installments"
  ])
)
const isLifecyclePlan = compileGuard(LifecyclePlan)
const checkLifecyclePlan = compileValidator(LifecyclePlan, { rule: LIFECYCLE, unknownKeys: "ignore" })

/**
 * How the lifecycle names what it reports of the record: under `plan.`. The guard has required the
 * record's `currency` and its code, so only what the reader alone knows (an unknown code, the digits)
 * is left for it to report.
 */
const LIFECYCLE_READING: PlanReading = { prefix: "plan.", rule: "R1.2", merchantPath: "merchant" }

/**
 * The exponent the record's amounts are written in, read by the one reader of a plan (R1.2: the
 * record's `currency`, its zero-decimal override included), or the issues of a record without one.
 */
const exponentOf = (plan: Plan): number | ReadonlyArray<Issue> => {
  // the plan passed the lifecycle's guard: a record
  const issues: Array<Issue> = []
  const currency = readPlanCurrency(
    plan as unknown as Record<string, unknown>,
    undefined,
    LIFECYCLE_READING,
    issues,
    undefined
  )
  return currency === undefined ? issues : currency.exponent
}

/**
 * An event read and checked, amounts in minor units: one shape for every event (what an event does
 * not carry is `undefined`), so the lifecycle's hot loop reads one kind of object.
 */
interface Read {
  readonly tag: PlanEvent["_tag"]
  readonly at: number
  readonly amount: number | undefined
  readonly installmentNumber: number | undefined
  readonly paymentMethod: string | undefined
  readonly transactionId: string | undefined
  readonly until: number | undefined
  readonly reason: CancellationReason | undefined
  readonly details: string | undefined
  readonly refundAmount: number | undefined
  readonly merchantOrderId: string | undefined
}

const optionalText = (event: Record<string, unknown>, key: string, issues: Array<Issue>): string | undefined => {
  const value = event[key]
  if (value === undefined) return undefined
  if (typeof value === "string") return value
  issues.push(issue(key, "type", LIFECYCLE, `must be a string, got ${describe(value)}`))
  return undefined
}

const optionalAmount = (
  event: Record<string, unknown>,
  key: string,
  exponent: number,
  issues: Array<Issue>,
  rule: string
) => {
  const value = event[key]
  if (value === undefined) return undefined
  const minor = amountIssues(key, value, exponent, rule)
  if (typeof minor === "number") return minor
  issues.push(minor)
  return undefined
}

const instantOf = (event: Record<string, unknown>, key: string, issues: Array<Issue>): number => {
  const ms = Time.toEpochMillis(event[key])
  if (ms === undefined) {
    issues.push(
      issue(
        key,
        event[key] === undefined ? "required" : "format",
        "R3.1",
        `must be an instant (Date, epoch milliseconds or RFC 3339 date-time with offset), got ${describe(event[key])}`
      )
    )
    return NaN
  }
  return ms
}

const installmentNumberOf = (event: Record<string, unknown>, issues: Array<Issue>): number | undefined => {
  const n = event["installmentNumber"]
  if (n === undefined) return undefined
  if (typeof n === "number" && Number.isSafeInteger(n) && n >= 1) return n
  issues.push(
    issue(
      "installmentNumber",
      typeof n === "number" ? "range" : "type",
      LIFECYCLE,
      `must be a whole number of at least 1, got ${describe(n)}`
    )
  )
  return undefined
}

/** A pause's end: an instant after `at`. */
const untilOf = (event: Record<string, unknown>, at: number, issues: Array<Issue>): number => {
  const until = instantOf(event, "until", issues)
  if (!Number.isNaN(at) && !Number.isNaN(until) && !(until > at)) {
    issues.push(issue("until", "range", LIFECYCLE, "must be after `at`"))
  }
  return until
}

/** A cancellation's reason, one of the service's (R7.8). */
const reasonOf = (event: Record<string, unknown>, issues: Array<Issue>): CancellationReason | undefined => {
  const reason = event["reason"]
  if (typeof reason === "string" && REASONS.has(reason)) return reason as CancellationReason
  issues.push(
    issue(
      "reason",
      reason === undefined ? "required" : "enum",
      "R7.8",
      `${enumExpectation(CANCELLATION_REASONS)}, got ${describe(reason)}`
    )
  )
  return undefined
}

/** A cancellation's refund, required, an amount of the plan's currency (R7.8). */
const refundOf = (event: Record<string, unknown>, exponent: number, issues: Array<Issue>): number | undefined => {
  if (event["refundAmount"] !== undefined) return optionalAmount(event, "refundAmount", exponent, issues, "R7.8")
  issues.push(issue("refundAmount", "required", "R7.8", "is required"))
  return undefined
}

/** The merchant's order id an event sets, checked as the merchant-order request checks it. */
const merchantOrderIdOf = (event: Record<string, unknown>, issues: Array<Issue>): string | undefined => {
  const checked = checkMerchantOrderId(event)
  if (checked.issues.length === 0) return event["merchantOrderId"] as string
  issues.push(...checked.issues)
  return undefined
}

/** Reads an event of any shape: the checked event, or every issue with it. */
const readEvent = (input: unknown, exponent: number): Read | Array<Issue> => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return [issue("", "type", LIFECYCLE, `must be a plan event object, got ${describe(input)}`)]
  }
  const event = input as Record<string, unknown>
  const tag = event["_tag"] as PlanEvent["_tag"]
  if (!TAGS.has(tag)) {
    return [
      issue(
        "_tag",
        tag === undefined ? "required" : "enum",
        LIFECYCLE,
        `${enumExpectation(PLAN_EVENT_TAGS)}, got ${describe(tag)}`
      )
    ]
  }
  const issues: Array<Issue> = []
  const at = instantOf(event, "at", issues)
  let amount: number | undefined
  let installmentNumber: number | undefined
  let paymentMethod: string | undefined
  let transactionId: string | undefined
  let until: number | undefined
  let reason: CancellationReason | undefined
  let details: string | undefined
  let refundAmount: number | undefined
  let merchantOrderId: string | undefined
  switch (tag) {
    case "DepositAccepted":
    case "InstallmentPaid":
      amount = optionalAmount(event, "amount", exponent, issues, "R1.3")
      paymentMethod = optionalText(event, "paymentMethod", issues)
      transactionId = optionalText(event, "transactionId", issues)
      if (tag === "InstallmentPaid") installmentNumber = installmentNumberOf(event, issues)
      break
    case "InstallmentMissed":
      installmentNumber = installmentNumberOf(event, issues)
      break
    case "PaymentPaused":
      until = untilOf(event, at, issues)
      break
    case "PlanCancelled":
      reason = reasonOf(event, issues)
      details = optionalText(event, "details", issues)
      refundAmount = refundOf(event, exponent, issues)
      break
    case "MerchantOrderSet":
      merchantOrderId = merchantOrderIdOf(event, issues)
      break
    default:
      exhaustive(tag)
  }
  if (issues.length > 0) return issues
  // one literal, so every event read has the same shape
  return {
    tag,
    at,
    amount,
    installmentNumber,
    paymentMethod,
    transactionId,
    until,
    reason,
    details,
    refundAmount,
    merchantOrderId
  }
}

/** The fields of the event tagged `Tag`, besides `_tag`. */
type FieldOf<Tag extends PlanEvent["_tag"]> = Exclude<keyof Extract<PlanEvent, { readonly _tag: Tag }>, "_tag">

/**
 * The fields each event carries, as {@link readEvent} reads them: a list that misses a field of its
 * event, or an event, does not compile.
 */
const EVENT_FIELDS: { readonly [Tag in PlanEvent["_tag"]]: ReadonlySet<string> } = {
  DepositAccepted: new Set(
    everyMember<FieldOf<"DepositAccepted">>()(["at", "amount", "paymentMethod", "transactionId"])
  ),
  InstallmentPaid: new Set(
    everyMember<FieldOf<"InstallmentPaid">>()(["at", "installmentNumber", "amount", "paymentMethod", "transactionId"])
  ),
  InstallmentMissed: new Set(everyMember<FieldOf<"InstallmentMissed">>()(["at", "installmentNumber"])),
  PaymentPaused: new Set(everyMember<FieldOf<"PaymentPaused">>()(["at", "until"])),
  PlanCancelled: new Set(everyMember<FieldOf<"PlanCancelled">>()(["at", "reason", "details", "refundAmount"])),
  MerchantOrderSet: new Set(everyMember<FieldOf<"MerchantOrderSet">>()(["at", "merchantOrderId"]))
}

const NO_WARNINGS: ReadonlyArray<Issue> = []

/**
 * The `unknown_field` warnings (R10.2) of a plan event, whatever its values: each own field its
 * `_tag` does not carry (`installmentNumbr`), at its path from the event. None for what is not an
 * event object with a known `_tag`: the lifecycle refuses those. Allocates nothing when all is known.
 *
 * @example
 * ```ts
 * eventUnknownFields({ _tag: "InstallmentMissed", at: "2026-12-01T00:00:00Z", installmentNumbr: 2 })
 * // [{ path: "installmentNumbr", code: "unknown_field", rule: "R10.2", … }]
 * ```
 */
export const eventUnknownFields = (input: unknown): ReadonlyArray<Issue> => {
  if (!isRecord(input)) return NO_WARNINGS
  const tag = input["_tag"]
  if (typeof tag !== "string" || !TAGS.has(tag)) return NO_WARNINGS
  const known = EVENT_FIELDS[tag as PlanEvent["_tag"]]
  let warnings: Array<Issue> | undefined
  for (const key in input) {
    if (key === "_tag" || known.has(key) || !Object.hasOwn(input, key)) continue
    ;(warnings ??= []).push(unknownField(formatPath([key]), key, known, "this event"))
  }
  return warnings ?? NO_WARNINGS
}

const dueAt = (installment: Installment): number => Time.parseDateTime(installment.date) ?? Infinity

const indexOfNumber = (installments: ReadonlyArray<Installment>, n: number): number => {
  // instalments are kept in order 1..N, so the index is n − 1; search if someone reordered them
  if (installments[n - 1]?.installmentNumber === n) return n - 1
  return installments.findIndex((i) => i.installmentNumber === n)
}

/** The status after a payment: Completed when nothing is left to pay, Late while a missed instalment is unpaid. */
const statusAfterPayment = (installments: ReadonlyArray<Installment>): PlanStatus => {
  let unpaid = false
  for (const i of installments) {
    if (i.status === "MISSED") return "Late"
    if (i.status === "UPCOMING") unpaid = true
  }
  return unpaid ? "OnSchedule" : "Completed"
}

type Step = Result.Result<Plan, PlanTransitionError>

/** The plan's refusal of the event `read`. */
const refuse = (plan: Plan, read: Read, code: PlanEventRefusal, message: string): Step =>
  Result.fail(new PlanTransitionError({ code, status: plan.status, event: read.tag, message }))

/**
 * {@link apply} as a synchronous `Result`, for hot loops. Accepts an
 * event of any shape (JSON from a queue): a malformed one fails with a
 * `ValidationError` naming every bad field.
 *
 * @since 0.1.0
 */
export const applyResult = (
  plan: Plan,
  event: PlanEvent
): Result.Result<Plan, ValidationError | PlanTransitionError> => {
  if (!isLifecyclePlan(plan)) return fail(prefixIssues("plan", checkLifecyclePlan(plan).issues))
  const exponent = exponentOf(plan)
  if (typeof exponent !== "number") return fail(exponent)
  const read = readEvent(event, exponent)
  if (Array.isArray(read)) return fail(read)
  if (plan.status === "Cancelled" && read.tag !== "MerchantOrderSet") {
    return refuse(plan, read, "already_cancelled", "the plan is cancelled, which is final")
  }
  if (!ALLOWED_IN[read.tag].includes(plan.status)) {
    return refuse(plan, read, "not_allowed", `${read.tag} is not allowed while the plan is ${plan.status}`)
  }
  const updatedAt = Time.parseDateTime(plan.updatedAt)
  if (updatedAt !== undefined && read.at < updatedAt) {
    return refuse(
      plan,
      read,
      "out_of_order",
      `the event at ${Time.formatInstant(read.at)} is before the record's updatedAt ${plan.updatedAt}`
    )
  }
  return step(plan, read, exponent, Time.formatInstant(read.at))
}

/** The next record of an event the plan's status allows; `at` is the event's instant as the record writes it. */
const step = (plan: Plan, read: Read, exponent: number, at: string): Step => {
  switch (read.tag) {
    case "DepositAccepted":
    case "InstallmentPaid":
      return payment(plan, read, exponent, at)
    case "InstallmentMissed":
      return missed(plan, read, at)
    case "PaymentPaused":
      return paused(plan, read, at)
    case "PlanCancelled":
      return cancelled(plan, read, exponent, at)
    case "MerchantOrderSet":
      return Result.succeed({ ...plan, merchantOrderId: read.merchantOrderId!, updatedAt: at })
    default:
      // every event readEvent reads is one of these
      exhaustive(read.tag)
      return refuse(plan, read, "not_allowed", `${read.tag} is not an event of the lifecycle`)
  }
}

/**
 * The instalment a payment pays: the deposit (1), the one it names, else the first missed one, else
 * the first upcoming one; its index, or the refusal.
 */
const paymentTarget = (plan: Plan, read: Read): number | Step => {
  const installments = plan.installments
  let index: number
  if (read.tag === "DepositAccepted") index = indexOfNumber(installments, 1)
  else if (read.installmentNumber !== undefined) {
    index = indexOfNumber(installments, read.installmentNumber)
    if (index < 0) {
      return refuse(plan, read, "unknown_installment", `the plan has no instalment ${read.installmentNumber}`)
    }
  } else {
    index = installments.findIndex((i) => i.status === "MISSED")
    if (index < 0) index = installments.findIndex((i) => i.status === "UPCOMING")
  }
  const target = installments[index]
  if (target === undefined) return refuse(plan, read, "unknown_installment", "the plan has no instalment left to pay")
  if (target.status === "PAID") {
    return refuse(plan, read, "already_paid", `instalment ${target.installmentNumber} is already paid`)
  }
  if (target.status === "CANCELLED") {
    return refuse(plan, read, "not_allowed", `instalment ${target.installmentNumber} is cancelled`)
  }
  return index
}

/** A deposit or an instalment paid: exactly what it is due, no more than remains (R1). */
const payment = (plan: Plan, read: Read, exponent: number, at: string): Step => {
  const index = paymentTarget(plan, read)
  if (typeof index !== "number") return index
  const target = plan.installments[index]!
  const due = toMinorUnits(target.amount, exponent) as number
  const remaining = toMinorUnits(plan.remainingAmount, exponent) as number
  const paying = read.amount ?? due
  if (paying > remaining) {
    return refuse(
      plan,
      read,
      "overpayment",
      `${fromMinorUnits(paying, exponent)} is more than the ${plan.remainingAmount} that remains`
    )
  }
  if (paying !== due) {
    return refuse(
      plan,
      read,
      "amount_mismatch",
      `instalment ${target.installmentNumber} is ${target.amount}, got ${fromMinorUnits(paying, exponent)}`
    )
  }
  const next = plan.installments.slice()
  next[index] = {
    ...target,
    status: "PAID",
    paymentMethod: read.paymentMethod ?? target.paymentMethod,
    transactionId: read.transactionId ?? target.transactionId
  }
  return Result.succeed({
    ...plan,
    status: statusAfterPayment(next),
    installments: next,
    numPaidInstallments: plan.numPaidInstallments + 1,
    totalPaid: fromMinorUnits((toMinorUnits(plan.totalPaid, exponent) as number) + due, exponent),
    remainingAmount: fromMinorUnits(remaining - due, exponent),
    updatedAt: at
  })
}

/** An instalment missed: the one named, if it is due and unpaid, else the first upcoming one if it is due. */
const missed = (plan: Plan, read: Read, at: string): Step => {
  const installments = plan.installments
  let index: number
  if (read.installmentNumber !== undefined) {
    index = indexOfNumber(installments, read.installmentNumber)
    const target = installments[index]
    if (target === undefined) {
      return refuse(plan, read, "unknown_installment", `the plan has no instalment ${read.installmentNumber}`)
    }
    if (target.status === "PAID") {
      return refuse(plan, read, "already_paid", `instalment ${target.installmentNumber} is paid`)
    }
    if (target.status === "MISSED") {
      return refuse(plan, read, "already_missed", `instalment ${target.installmentNumber} is already missed`)
    }
    if (target.status === "CANCELLED") {
      return refuse(plan, read, "not_allowed", `instalment ${target.installmentNumber} is cancelled`)
    }
    if (dueAt(target) > read.at) {
      return refuse(plan, read, "not_due", `instalment ${target.installmentNumber} falls due at ${target.date}`)
    }
  } else {
    index = installments.findIndex((i) => i.status === "UPCOMING")
    if (index < 0 || dueAt(installments[index]!) > read.at) {
      return refuse(plan, read, "not_due", `no instalment falls due by ${at}`)
    }
  }
  const next = installments.slice()
  next[index] = { ...installments[index]!, status: "MISSED" }
  return Result.succeed({ ...plan, status: "Late", installments: next, updatedAt: at })
}

/** Payments paused until `until`, no later than the completion date: due dates move, amounts do not. */
const paused = (plan: Plan, read: Read, at: string): Step => {
  const until = read.until!
  const completion = Time.parseDateTime(plan.planCompletionDate)
  if (completion !== undefined && Time.localDay(until, plan.timeZone) > Time.localDay(completion, plan.timeZone)) {
    return refuse(
      plan,
      read,
      "beyond_completion",
      `payments cannot be paused past the completion date ${plan.planCompletionDate}`
    )
  }
  const untilText = Time.formatInstant(until)
  const next = plan.installments.map((
    i
  ) => (i.status === "UPCOMING" && dueAt(i) < until ? { ...i, date: untilText } : i))
  return Result.succeed({ ...plan, pausePaymentUntil: untilText, installments: next, updatedAt: at })
}

/** A cancellation: the refund no more than was paid (R7.8), every unpaid instalment cancelled. */
const cancelled = (plan: Plan, read: Read, exponent: number, at: string): Step => {
  const refund = read.refundAmount!
  const paid = toMinorUnits(plan.totalPaid, exponent) as number
  if (refund > paid) {
    return refuse(
      plan,
      read,
      "refund_exceeds_paid",
      `the refund ${fromMinorUnits(refund, exponent)} is more than the ${plan.totalPaid} paid (R7.8)`
    )
  }
  const next = plan.installments.map((
    i
  ) => (i.status === "UPCOMING" || i.status === "MISSED" ? { ...i, status: "CANCELLED" as const } : i))
  return Result.succeed({
    ...plan,
    status: "Cancelled",
    installments: next,
    cancellationReason: read.reason!,
    cancellationDetails: read.details ?? null,
    cancellationDate: at,
    refundAmount: fromMinorUnits(refund, exponent),
    updatedAt: at
  })
}

/**
 * Applies an event to a plan record (docs/plans.md): the next record, or a
 * `PlanTransitionError` when the plan's state does not allow the event
 * (paying a cancelled plan, cancelling twice, paying more than remains), or a
 * `ValidationError` for a malformed event. The given record is never changed.
 * A field the event does not carry is logged at Warning level (R10.2), refused
 * under `unknownFields: "error"`. Data-first, or data-last in a pipe
 * (`pipe(plan, Plan.apply(event))`); a span named `Plan.apply`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Plan } from "payment-plan-engine"
 * const onSchedule = Effect.runSync(Plan.apply(plan, Plan.PlanEvent.DepositAccepted({ at: "2026-11-22T10:00:00Z" })))
 * onSchedule.status // "OnSchedule"
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const apply: {
  (
    event: Input<PlanEvent>,
    options?: ApplyOptions
  ): (plan: Plan) => Effect.Effect<Plan, ValidationError | PlanTransitionError>
  (
    plan: Plan,
    event: Input<PlanEvent>,
    options?: ApplyOptions
  ): Effect.Effect<Plan, ValidationError | PlanTransitionError>
} = dual(
  // data-first: (plan, event, options?); data-last: (event, options?), told apart by the event's `_tag`
  // (a plan has none, options have none)
  (args) => args.length >= 3 || (args.length === 2 && (!hasTag(args[0]) || hasTag(args[1]))),
  (plan: Plan, event: unknown, options?: ApplyOptions) =>
    calculation(APPLY_SURFACE, options, () => applyOutcome(plan, event))
)

const hasTag = (u: unknown): boolean => isRecord(u) && typeof u["_tag"] === "string"

/** The contract of applying an event (R10.2): no option but `unknownFields`. */
export const APPLY = contract({})

/**
 * Options of {@link apply}: what to do with a field the event does not carry (R10.2).
 *
 * @category Plans
 * @since 0.2.0
 */
export interface ApplyOptions extends Options<typeof APPLY> {}

const APPLY_SURFACE = surface("Plan.apply", APPLY)

/**
 * An event applied as every surface applies it: the next record or the refusal, and the event's
 * unknown fields under `event.` (R10.2).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const applyOutcome = (plan: unknown, event: unknown): Outcome<Plan, ValidationError | PlanTransitionError> =>
  outcome(applyResult(plan as Plan, event as PlanEvent), under("event", eventUnknownFields(event)))

/**
 * The instalments of a plan that are `UPCOMING` and fall due by `at` (their
 * date ≤ `at`), in order: what a scheduler (the sandbox's test clock) charges
 * or marks missed. Before the deposit is accepted that includes instalment 1.
 * Throws a `ValidationError` when `at` is not an instant.
 *
 * @example
 * ```ts
 * import { Plan } from "payment-plan-engine"
 * Plan.dueInstallments(plan, "2026-12-07T00:00:00Z").map((i) => i.installmentNumber) // [1]: the deposit, still pending
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const dueInstallments = (plan: Plan, at: Time.InstantInput): ReadonlyArray<Installment> => {
  const ms = Time.toEpochMillis(at)
  if (ms === undefined) {
    throw new ValidationError({
      issues: [issue("at", "format", "R3.1", `must be an instant, got ${describe(at)}`)],
      warnings: []
    })
  }
  return plan.installments.filter((i) => i.status === "UPCOMING" && dueAt(i) <= ms)
}
