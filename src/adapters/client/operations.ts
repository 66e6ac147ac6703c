/**
 * The service's operations as the client calls them: one entry per operation
 * of the core's route table, saying how its input is validated (strictly, by
 * the core, before anything is sent) and how its answer is read (tolerantly,
 * R9, with the core's response schemas).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Checkout from "../../core/checkout/index.ts"
import { Identifier } from "../../core/foundation/input.ts"
import {
  type Issue,
  issue,
  issuesFromSchema,
  requestValidator,
  type Validated,
  ValidationError
} from "../../core/foundation/issues.ts"
import * as Merchant from "../../core/merchant/configuration.ts"
import * as PlanTerms from "../../core/plan-terms/index.ts"
import * as Plan from "../../core/plan/index.ts"
import * as Notes from "../../core/plan/notes.ts"
import * as Refund from "../../core/refund/index.ts"
import * as Search from "../../core/search/index.ts"
import * as Verification from "../../core/verification/index.ts"
import { expandPath, isPathParameterValue, type Operation } from "../../core/wire/routes.ts"
import type { ClientConfig } from "./config.ts"
import { type CallError, InvalidRedirectError, RequestValidationError, UndecodableBodyError } from "./errors.ts"
import { withRetries } from "./retry.ts"
import { type Answer, type PreparedRequest, sendOnce } from "./transport.ts"

/**
 * Options of one call.
 *
 * @since 0.1.0
 */
export interface CallOptions {
  /**
   * POST only: the idempotency key to send (in `retry.idempotencyKeyHeader`),
   * instead of a generated one. With `idempotencyKeys: "honoured"`, pass a key
   * derived from your own order to make a call you repeat later (after a
   * crash, say) replay the first answer instead of acting twice. With
   * `"unknown"` (the default) the key is sent, but does not make the POST
   * retried: the service may not honour it.
   */
  readonly idempotencyKey?: string | undefined
}

/** A request's parts once validated. */
interface Parts {
  readonly params: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>> | undefined
  readonly body?: unknown
  readonly warnings: ReadonlyArray<Issue>
}

interface Context {
  readonly merchantId: string
  readonly now: number
}

/**
 * One operation: how its input becomes a request, how its answer is read.
 *
 * @internal
 */
export interface OperationSpec<I, A> {
  readonly operation: Operation
  readonly prepare: (input: I, context: Context) => Result.Result<Parts, ValidationError>
  readonly response: Schema.Codec<A, unknown>
}

const spec = <I, A>(
  operation: Operation,
  prepare: (input: I, context: Context) => Result.Result<Parts, ValidationError>,
  response: Schema.Top & { readonly Type: A }
): OperationSpec<I, A> => ({ operation, prepare, response: response as unknown as Schema.Codec<A, unknown> })

/** Checks that a validated value's path parameters can be expanded. */
const pathIssues = (value: Record<string, unknown>, names: ReadonlyArray<string>): Array<Issue> =>
  names.flatMap((name) => {
    const v = value[name]
    return typeof v === "string" && isPathParameterValue(v)
      ? []
      : [issue(name, "format", "client", "must be a non-empty identifier other than \".\" and \"..\"")]
  })

const withPath = <A extends Record<string, unknown>>(
  validated: Result.Result<Validated<A>, ValidationError>,
  names: ReadonlyArray<string>,
  parts: (value: A) => Omit<Parts, "warnings">
): Result.Result<Parts, ValidationError> => {
  if (Result.isFailure(validated)) return Result.fail(validated.failure)
  const { value, warnings } = validated.success
  const issues = pathIssues(value, names)
  if (issues.length > 0) return Result.fail(new ValidationError({ issues, warnings }))
  return Result.succeed({ ...parts(value), warnings })
}

const validateId = (name: string) => {
  const validate = requestValidator(Schema.Struct({ [name]: Identifier }), "client")
  return (id: string): Result.Result<Parts, ValidationError> =>
    withPath(
      validate({ [name]: id }) as Result.Result<Validated<Record<string, string>>, ValidationError>,
      [name],
      (v) => ({
        params: { [name]: v[name]! }
      })
    )
}

const validateCancel = requestValidator(Refund.CancelPlanRequest, "R7.8")
const checkoutId = validateId("checkoutId")
const planId = validateId("planId")

/**
 * The operations' table.
 *
 * @internal
 */
export const SPECS = {
  createCheckout: spec<Checkout.CheckoutRequest, Checkout.CheckoutResponse>(
    "createCheckout",
    (input, context) =>
      withPath(
        Checkout.validateRequestResult(input, { merchantId: context.merchantId, now: context.now }),
        [],
        (body) => ({
          params: {},
          body
        })
      ),
    Checkout.CheckoutResponse
  ),
  retrieveCheckout: spec<string, Verification.CheckoutVerificationResponse>(
    "retrieveCheckout",
    checkoutId,
    Verification.CheckoutVerificationResponse
  ),
  computePlanTerms: spec<PlanTerms.PlanTermsRequest, PlanTerms.PlanTermsResponse>(
    "computePlanTerms",
    (input) =>
      withPath(
        PlanTerms.validateRequestResult(input),
        ["checkoutId"],
        (body) => ({ params: { checkoutId: body.checkoutId }, body })
      ),
    PlanTerms.PlanTermsResponse
  ),
  retrievePlan: spec<string, Plan.PlanResponse>("retrievePlan", planId, Plan.PlanResponse),
  setMerchantOrder: spec<Plan.SetMerchantOrderRequest, Plan.SetMerchantOrderResponse>(
    "setMerchantOrder",
    (input) =>
      withPath(
        Plan.validateMerchantOrderResult(input),
        ["planId"],
        (body) => ({ params: { planId: body.planId }, body })
      ),
    Plan.SetMerchantOrderResponse
  ),
  searchPlans: spec<Search.PlanSearchParams, Search.PlanSearchResponse>(
    "searchPlans",
    (input) => {
      // the core's one definition of the query; the parameters are sent as
      // given (converted), the service fills the defaults itself
      const validated = Search.validateQueryResult(input)
      if (Result.isFailure(validated)) return Result.fail(validated.failure)
      return Result.succeed({ params: {}, query: validated.success.value, warnings: validated.success.warnings })
    },
    Search.PlanSearchResponse
  ),
  calculateRefund: spec<string, Refund.RefundCalculationResponse>(
    "calculateRefund",
    planId,
    Refund.RefundCalculationResponse
  ),
  listPlanNotes: spec<Notes.PlanNotesParams, Notes.PlanNotesResponse>(
    "listPlanNotes",
    (input) =>
      withPath(Notes.validateQueryResult(input), ["planId"], ({ planId, ...query }) => ({ params: { planId }, query })),
    Notes.PlanNotesResponse
  ),
  cancelPlan: spec<Refund.CancelPlanRequest, Refund.CancelPlanResponse>(
    "cancelPlan",
    (input) => withPath(validateCancel(input), ["planId"], (body) => ({ params: { planId: body.planId }, body })),
    Refund.CancelPlanResponse
  ),
  getMerchantConfiguration: spec<void, Merchant.MerchantConfigurationResponse>(
    "getMerchantConfiguration",
    () => Result.succeed({ params: {}, warnings: [] }),
    Merchant.MerchantConfigurationResponse
  )
} as const

// ---------------------------------------------------------------------------
// Calling

/** Visible ASCII, as an HTTP header value that needs no quoting. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

const searchOf = (query: Parts["query"]): string => {
  if (query === undefined) return ""
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value))
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

/**
 * Validates the input, builds the request and sends it with retries.
 *
 * @internal
 */
export const exchange = <I, A>(
  config: ClientConfig,
  operation: OperationSpec<I, A>,
  input: I,
  options: CallOptions | undefined
): Effect.Effect<Answer & { readonly warnings: ReadonlyArray<Issue> }, CallError> =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const key = options?.idempotencyKey
    if (key !== undefined && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))) {
      return yield* Effect.fail(
        new RequestValidationError({
          operation: operation.operation,
          issues: [issue("idempotencyKey", "format", "client", "must be 1 to 255 visible ASCII characters")],
          warnings: []
        })
      )
    }
    const prepared = operation.prepare(input, { merchantId: config.merchantId, now })
    if (Result.isFailure(prepared)) {
      const { issues, warnings } = prepared.failure
      return yield* Effect.fail(new RequestValidationError({ operation: operation.operation, issues, warnings }))
    }
    const parts = prepared.success
    const route = config.routes[operation.operation]
    const path = expandPath(route, parts.params)
    // a base URL's own path is a prefix: "https://h/sandbox/" + "/api/v2/…"
    const prefix = config.baseUrl.pathname.replace(/\/+$/, "")
    const url = new URL(`${config.baseUrl.origin}${prefix}${path}${searchOf(parts.query)}`)
    const posting = route.method === "POST" || route.method === "PATCH"
    const request: PreparedRequest = {
      operation: operation.operation,
      method: route.method,
      url,
      body: parts.body,
      // once per logical call: every retry of it carries the same key
      idempotencyKey: posting
        ? (key ?? (config.idempotencyKeys === "honoured" ? crypto.randomUUID() : undefined))
        : undefined
    }
    const answer = yield* withRetries(
      config.retry,
      config.timeoutMs,
      request,
      config.idempotencyKeys,
      (attempt, timeoutMs) => sendOnce(config, request, attempt, timeoutMs)
    )
    return { ...answer, warnings: parts.warnings }
  })

const describeSchemaError = (error: Schema.SchemaError): string => {
  const { issues } = issuesFromSchema(error.issue, "R9")
  return issues.map((i) => `${i.path || "(body)"} ${i.message}`).join("; ") || "does not match the response's shape"
}

/**
 * Reads an answer's JSON with the operation's response schema (R9).
 *
 * @internal
 */
export const decodeAnswer = <A>(
  operation: OperationSpec<unknown, A> | OperationSpec<never, A>,
  answer: Answer
): Effect.Effect<A, UndecodableBodyError> => {
  const decoded = Schema.decodeUnknownResult(operation.response)(answer.json, { errors: "all" })
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success)
    : Effect.fail(new UndecodableBodyError({ ...answer.fields, reason: describeSchemaError(decoded.failure) }))
}

/**
 * Calls an operation: validate, send, decode.
 *
 * @internal
 */
export const call = <I, A>(
  config: ClientConfig,
  operation: OperationSpec<I, A>,
  input: I,
  options: CallOptions | undefined
): Effect.Effect<A, CallError> =>
  Effect.flatMap(
    exchange(config, operation, input, options),
    (answer) => decodeAnswer(operation as OperationSpec<unknown, A>, answer)
  )

// ---------------------------------------------------------------------------
// R8: create checkout's outcome, verification after the redirect

/**
 * What `createCheckout` gives (R8.3): whether to display the widget, with the
 * checkout, or with the error and the status it came with. The widget is shown
 * for a success and for a failure below 500 (a validation failure), never for
 * 5xx, a timeout, a transport failure or a request that was not sent.
 *
 * @since 0.1.0
 */
export type CreateCheckoutOutcome =
  | {
    readonly ok: true
    readonly displayWidget: true
    readonly status: number
    readonly checkout: Checkout.CheckoutResponse
    /** What the core warned about in the request (R4.8), which was still sent. */
    readonly warnings: ReadonlyArray<Issue>
  }
  | {
    readonly ok: false
    readonly displayWidget: boolean
    readonly status: number | undefined
    readonly error: CallError
  }

/**
 * Creates a checkout and reports the outcome of R8.3; never fails.
 *
 * @internal
 */
export const createCheckout = (
  config: ClientConfig,
  request: Checkout.CheckoutRequest,
  options: CallOptions | undefined
): Effect.Effect<CreateCheckoutOutcome> => {
  const operation = SPECS.createCheckout
  return Effect.gen(function*() {
    const answer = yield* exchange(config, operation, request, options)
    const checkout = yield* decodeAnswer(operation, answer)
    const outcome: CreateCheckoutOutcome = {
      ok: true,
      displayWidget: true,
      status: answer.status,
      checkout,
      warnings: answer.warnings
    }
    return outcome
  }).pipe(
    Effect.catch((error: CallError) => {
      const status = error._tag === "ValidationError" ? undefined : error.status
      const outcome: CreateCheckoutOutcome = {
        ok: false,
        displayWidget: Verification.shouldDisplayWidget(status),
        status,
        error
      }
      return Effect.succeed(outcome)
    })
  )
}

/**
 * What the merchant expects of the checkout it verifies (R8.2), beside its id.
 *
 * @since 0.1.0
 */
export interface VerifyExpectations {
  readonly merchantOrderId?: string | undefined
  readonly currencyCode?: string | undefined
}

/**
 * The deposit decision of R8.2 for the redirect's checkout, with the checkout
 * as retrieved (read tolerantly; undefined when it is not a checkout at all,
 * and the decision is then a refusal).
 *
 * @since 0.1.0
 */
export type VerifiedCheckout = Verification.DepositDecision & {
  readonly checkout: Verification.CheckoutVerificationResponse | undefined
}

/**
 * R8.1 + retrieve + R8.2 in one call.
 *
 * @internal
 */
export const verifyCheckout = (
  config: ClientConfig,
  redirect: string | URL | URLSearchParams,
  expected: VerifyExpectations | undefined,
  options: CallOptions | undefined
): Effect.Effect<VerifiedCheckout, CallError | InvalidRedirectError> =>
  Effect.gen(function*() {
    const read = Verification.checkoutIdFromRedirect(redirect)
    if (!read.ok) return yield* Effect.fail(new InvalidRedirectError({ problem: read.code }))
    const answer = yield* exchange(config, SPECS.retrieveCheckout, read.checkoutId, options)
    // the decision reads the raw answer: a body that is not a checkout is a refusal, never an allocation
    const decision = Verification.decideDeposit(answer.json, {
      checkoutId: read.checkoutId,
      merchantOrderId: expected?.merchantOrderId,
      currencyCode: expected?.currencyCode
    })
    const decoded = Schema.decodeUnknownResult(SPECS.retrieveCheckout.response)(answer.json)
    return { ...decision, checkout: Result.isSuccess(decoded) ? decoded.success : undefined }
  })
