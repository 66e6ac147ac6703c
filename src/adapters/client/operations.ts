/**
 * The service's operations as the client calls them: the core's route table
 * says, for each, how its input is validated (strictly, by the core, before
 * anything is sent), where the request's fields go (path, query, body) and how
 * its answer is read (tolerantly, R9, with the core's response schemas). This
 * file turns an entry into an HTTP exchange; nothing here is per operation but
 * the two that are more than one exchange (createCheckout's outcome,
 * verifyCheckout).
 *
 * @module
 */
// Over 400 lines: the client's face of every operation of the route table, one derived method each.
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as Checkout from "../../core/checkout/index.ts"
import {
  DESCRIBED,
  type Issue,
  issue,
  issuesFromSchema,
  type Validated,
  ValidationError
} from "../../core/foundation/issues.ts"
import * as Verification from "../../core/verification/index.ts"
import {
  expandPath,
  isPathParameterValue,
  type Operation,
  type OperationAnswer,
  OPERATIONS,
  pathParameters,
  type RequestContext,
  ROUTE_TABLE,
  type RouteEntry
} from "../../core/wire/routes.ts"
import type { ClientConfig } from "./config.ts"
import {
  type CallError,
  type HttpErrorFields,
  InvalidRedirectError,
  RequestValidationError,
  UndecodableBodyError
} from "./errors.ts"
import { withRetries } from "./retry.ts"
import { type Answer, type PreparedRequest, sendOnce } from "./transport.ts"

/**
 * Options of one call.
 *
 * @category Client
 * @since 0.1.0
 */
export interface CallOptions {
  /**
   * POST only: the idempotency key to send (in the `idempotencyKeyHeader` option's header),
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
  readonly query?: Readonly<Record<string, unknown>> | undefined
  readonly body?: unknown
  readonly warnings: ReadonlyArray<Issue>
}

/**
 * How many arguments an operation takes before its options: none or one.
 *
 * @internal
 */
export const inputCount = (operation: Operation): 0 | 1 => ROUTE_TABLE[operation].in === "none" ? 0 : 1

/**
 * An operation's arguments, split into its input and the call's options.
 *
 * @internal
 */
export const splitArguments = <O>(
  operation: Operation,
  args: ReadonlyArray<unknown>
): { readonly input: ReadonlyArray<unknown>; readonly options: O | undefined } => {
  const count = inputCount(operation)
  return { input: count === 0 ? [] : [args[0]], options: args[count] as O | undefined }
}

/** Checks that a validated value's path parameters can be expanded. */
const pathIssues = (value: Readonly<Record<string, unknown>>, names: ReadonlyArray<string>): Array<Issue> =>
  names.flatMap((name) => {
    const v = value[name]
    return typeof v === "string" && isPathParameterValue(v)
      ? []
      : [issue(name, "format", "client", "must be a non-empty identifier other than \".\" and \"..\"")]
  })

const NOTHING: Result.Result<Validated<Readonly<Record<string, unknown>>>, ValidationError> = Result.succeed({
  value: {},
  warnings: []
})

/** Each operation's path parameters, read once from the table's paths. */
const PATH_PARAMETERS = Object.fromEntries(
  OPERATIONS.map((operation) => [operation, pathParameters(ROUTE_TABLE[operation])])
) as Readonly<Record<Operation, ReadonlyArray<string>>>

/**
 * Validates an operation's input with the route table's check and splits the
 * request into its path parameters (the fields named by the path) and its
 * query or body.
 */
const prepare = (
  operation: Operation,
  input: unknown,
  context: RequestContext
): Result.Result<Parts, ValidationError> => {
  const entry: RouteEntry = ROUTE_TABLE[operation]
  const validated = entry.in === "none" ? NOTHING : entry.validate(context, input as never)
  if (Result.isFailure(validated)) return Result.fail(validated.failure)
  const { value, warnings } = validated.success
  const names = PATH_PARAMETERS[operation]
  const issues = pathIssues(value, names)
  if (issues.length > 0) return Result.fail(new ValidationError({ issues, warnings }))
  const params = Object.fromEntries(names.map((name) => [name, value[name] as string]))
  switch (entry.in) {
    case "body":
      return Result.succeed({ params, body: value, warnings })
    case "query":
      return Result.succeed({
        params,
        query: Object.fromEntries(Object.entries(value).filter(([name]) => !names.includes(name))),
        warnings
      })
    case "path":
    case "none":
      return Result.succeed({ params, warnings })
  }
}

// ---------------------------------------------------------------------------
// Calling

/** Visible ASCII, as an HTTP header value that needs no quotation marks. */
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
export const exchange = (
  config: ClientConfig,
  operation: Operation,
  input: unknown,
  options: CallOptions | undefined
): Effect.Effect<Answer & { readonly warnings: ReadonlyArray<Issue> }, CallError> =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const key = options?.idempotencyKey
    if (key !== undefined && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))) {
      return yield* Effect.fail(
        new RequestValidationError({
          operation,
          issues: [issue("idempotencyKey", "format", "client", "must be 1 to 255 visible ASCII characters")],
          warnings: []
        })
      )
    }
    const prepared = prepare(operation, input, { merchantId: config.merchantId, now })
    if (Result.isFailure(prepared)) {
      const { issues, warnings } = prepared.failure
      return yield* Effect.fail(new RequestValidationError({ operation, issues, warnings }))
    }
    const parts = prepared.success
    const route = config.routes[operation]
    const path = expandPath(route, parts.params)
    // a base URL's own path is a prefix: "https://h/sandbox/" + "/api/v2/…"
    const prefix = config.baseUrl.pathname.replace(/\/+$/, "")
    const url = new URL(`${config.baseUrl.origin}${prefix}${path}${searchOf(parts.query)}`)
    const posting = route.method === "POST" || route.method === "PATCH"
    const request: PreparedRequest = {
      operation,
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
      request,
      config.idempotencyKeys,
      (attempt) => sendOnce(config, request, attempt)
    ).pipe(Effect.tapError((error) => Effect.annotateCurrentSpan(spanAnswer(error))))
    yield* Effect.annotateCurrentSpan(spanAnswer(answer.fields))
    return { ...answer, warnings: parts.warnings }
  })

/** What a call's span says of its answer (never a header of the request, so never the credentials). */
const spanAnswer = (fields: Pick<HttpErrorFields, "status" | "attempts" | "requestId">): Record<string, unknown> => ({
  // what no answer gave is left out, not written as undefined
  ...(fields.status === undefined ? {} : { "http.response.status_code": fields.status }),
  "payment_plan.attempts": fields.attempts,
  ...(fields.requestId === undefined ? {} : { "payment_plan.request_id": fields.requestId })
})

/**
 * Runs one call of the client in a span named for its method
 * (`PaymentPlanClient.retrievePlan`), annotated with the operation and its
 * method here, and with the answer's status, the attempts and the request id
 * by the exchange.
 *
 * @internal
 */
export const traced = <A, E, R>(
  config: ClientConfig,
  name: string,
  operation: Operation,
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.withSpan(effect, `PaymentPlanClient.${name}`, {
    kind: "client",
    attributes: { "payment_plan.operation": operation, "http.request.method": config.routes[operation].method }
  })

/** An operation's response schema, as a decoder of JSON (the table's schemas need no services). */
const responseOf = (operation: Operation) => ROUTE_TABLE[operation].response as Schema.Codec<unknown, unknown>

const describeSchemaError = (error: Schema.SchemaError): string => {
  const { issues } = issuesFromSchema(error.issue, "R9")
  return issues.map((i) => `${i.path || "(body)"} ${i.message}`).join("; ") || "does not match the response's shape"
}

/**
 * Reads an answer's JSON with the operation's response schema (R9).
 *
 * @internal
 */
export const decodeAnswer = <K extends Operation>(
  operation: K,
  answer: Answer
): Effect.Effect<OperationAnswer<K>, UndecodableBodyError> => {
  const decoded = Schema.decodeUnknownResult(responseOf(operation))(answer.json, DESCRIBED)
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success as OperationAnswer<K>)
    : Effect.fail(new UndecodableBodyError({ ...answer.fields, reason: describeSchemaError(decoded.failure) }))
}

/**
 * Calls an operation: validate, send, decode.
 *
 * @internal
 */
export const call = <K extends Operation>(
  config: ClientConfig,
  operation: K,
  input: unknown,
  options: CallOptions | undefined
): Effect.Effect<OperationAnswer<K>, CallError> =>
  traced(
    config,
    operation,
    operation,
    Effect.flatMap(exchange(config, operation, input, options), (answer) => decodeAnswer(operation, answer))
  )

// ---------------------------------------------------------------------------
// R8: create checkout's outcome, verification after the redirect

/**
 * A checkout created: the checkout as the service answered it (read
 * tolerantly, R9), the status it came with, and what the core warned about in
 * the request that was sent (R4.8, R10.2).
 *
 * @category Client
 * @since 0.2.0
 */
export interface CreatedCheckout {
  readonly checkout: Checkout.CheckoutResponse
  readonly status: number
  /** What the core warned about in the request (R4.8), which was still sent. */
  readonly warnings: ReadonlyArray<Issue>
}

/**
 * What the Promise client's `createCheckout` gives (R8.3): whether to display
 * the widget, with the checkout, or with the error and the status it came
 * with. The widget is shown for a success and for a failure below 500 (a
 * validation failure), never for 5xx, a timeout, a transport failure or a
 * request that was not sent.
 *
 * @category Client
 * @since 0.1.0
 */
export type CreateCheckoutOutcome =
  | (CreatedCheckout & {
    readonly ok: true
    readonly displayWidget: true
  })
  | {
    readonly ok: false
    readonly displayWidget: boolean
    readonly status: number | undefined
    readonly error: CallError
  }

/**
 * Creates a checkout: the checkout, or a typed failure (R8.3's refusal is a
 * `ServiceValidationError` with its status and issues; a request the core
 * refuses a `RequestValidationError`, never sent).
 *
 * @internal
 */
export const createCheckout = (
  config: ClientConfig,
  request: Checkout.CheckoutRequest,
  options: CallOptions | undefined
): Effect.Effect<CreatedCheckout, CallError> =>
  traced(
    config,
    "createCheckout",
    "createCheckout",
    Effect.gen(function*() {
      const answer = yield* exchange(config, "createCheckout", request, options)
      const checkout = yield* decodeAnswer("createCheckout", answer)
      return { checkout, status: answer.status, warnings: answer.warnings }
    })
  )

/**
 * R8.3's outcome of a creation, never failing: the Promise client's answer.
 *
 * @internal
 */
export const createCheckoutOutcome = (
  created: Effect.Effect<CreatedCheckout, CallError>
): Effect.Effect<CreateCheckoutOutcome> =>
  Effect.match(created, {
    onSuccess: (c): CreateCheckoutOutcome => ({ ok: true, displayWidget: true, ...c }),
    onFailure: (error): CreateCheckoutOutcome => {
      const status = error._tag === "RequestValidationError" ? undefined : error.status
      return { ok: false, displayWidget: Verification.shouldDisplayWidget(status), status, error }
    }
  })

/**
 * What the merchant expects of the checkout it verifies (R8.2), beside its id.
 *
 * @category Client
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
 * @category Client
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
  traced(config, "verifyCheckout", "retrieveCheckout", verifyCheckoutUntraced(config, redirect, expected, options))

const verifyCheckoutUntraced = (
  config: ClientConfig,
  redirect: string | URL | URLSearchParams,
  expected: VerifyExpectations | undefined,
  options: CallOptions | undefined
): Effect.Effect<VerifiedCheckout, CallError | InvalidRedirectError> =>
  Effect.gen(function*() {
    const read = Verification.checkoutIdFromRedirect(redirect)
    if (!read.ok) return yield* Effect.fail(new InvalidRedirectError({ problem: read.code }))
    const answer = yield* exchange(config, "retrieveCheckout", read.checkoutId, options)
    // the decision reads the raw answer: a body that is not a checkout is a refusal, never an allocation
    const decision = Verification.decideDeposit(answer.json, {
      checkoutId: read.checkoutId,
      merchantOrderId: expected?.merchantOrderId,
      currencyCode: expected?.currencyCode
    })
    const decoded = Schema.decodeUnknownResult(responseOf("retrieveCheckout"))(answer.json)
    const checkout = Result.isSuccess(decoded) ? decoded.success as OperationAnswer<"retrieveCheckout"> : undefined
    return { ...decision, checkout }
  })
