/**
 * payment-plan-engine/client/testing: what a merchant needs to test an
 * integration built on the client, with any test runner.
 *
 * - {@link clientContract}: the client's contract with the service, end to end
 *   (create, the customer accepts or declines in the widget, verify, plan
 *   terms, the plan, merchant order, search, notes, refund calculation, cancel, the
 *   errors), registered with your runner's `describe` and `it` (vitest, jest,
 *   `node:test`, mocha) against an environment you provide: the sandbox's
 *   handler in process, a sandbox you started, or a staging service.
 * - {@link scriptedFetch}: a `fetch` with fault injection (timeouts, refused
 *   connections, resets, 5xx, 429 with `Retry-After`, malformed JSON, HTML
 *   bodies, slow and cut-off bodies) that records what it was sent.
 *
 * Assertions are plain: a failed check throws an `Error` naming what differs,
 * so no assertion library is needed.
 *
 * @example
 * ```ts
 * import { describe, it } from "vitest"
 * import { clientContract } from "payment-plan-engine/client/testing"
 * import { createSandbox, readMerchantsFile, sqliteStore, TEST_CARDS } from "payment-plan-engine/sandbox"
 *
 * const merchants = readMerchantsFile("sandbox-merchants.json") // merchant-123 with its API key
 * clientContract("the sandbox", () => {
 *   const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants })
 *   const baseUrl = "http://sandbox.test"
 *   return {
 *     fetch: sandbox.fetch, baseUrl, merchantId: "merchant-123", apiKey: "sk_sandbox_demo_0123456789",
 *     // the customer in the widget: the call the widget's page makes
 *     completeCheckout: async (checkoutId, outcome) => {
 *       await sandbox.fetch(new Request(`${baseUrl}/widget/api/checkouts/${checkoutId}/complete`, {
 *         method: "POST",
 *         headers: { "content-type": "application/json" },
 *         body: JSON.stringify({
 *           card: outcome === "accept" ? TEST_CARDS.succeeds : TEST_CARDS.declined,
 *           planTerms: { checkoutId, type: "plan", timeZone: "Australia/Sydney" }
 *         })
 *       }))
 *     },
 *     close: async () => sandbox.close()
 *   }
 * }, { describe, it, idempotencyKeys: "honoured" })
 * ```
 *
 * @module payment-plan-engine/client/testing
 */
// Over 400 lines: payment-plan-engine/client/testing, one entry point: the test client and its fixtures.
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import { PLAN_STATUSES } from "../../core/plan/index.ts"
import type { FetchLike } from "./config.ts"
import { isPaymentPlanClientError, type PaymentPlanClientError } from "./errors.ts"
import { exampleCheckout } from "./example-checkout.ts"
import { type Client, createClient } from "./facade.ts"
import type { IdempotencyKeys } from "./retry.ts"

// ---------------------------------------------------------------------------
// The contract

/**
 * What the contract needs of a service.
 *
 * @category Testing
 * @since 0.1.0
 */
export interface ContractEnvironment {
  /** A fetch reaching the service (the sandbox's handler, or `globalThis.fetch`). */
  readonly fetch: FetchLike
  readonly baseUrl: string
  /** A merchant with AUD among its currencies, and its API key. */
  readonly merchantId: string
  readonly apiKey: string
  /** Plays the customer in the widget: pays the deposit, or is declined. */
  readonly completeCheckout: (checkoutId: string, outcome: "accept" | "decline") => Promise<void>
  /** Called after every test. */
  readonly close: () => Promise<void>
}

/**
 * How to register the contract's tests, and what the service promises.
 *
 * @category Testing
 * @since 0.1.0
 */
export interface ContractOptions {
  /** Your runner's `describe` (vitest, jest, `node:test`, mocha). */
  readonly describe: (name: string, body: () => void) => unknown
  /** Your runner's `it` (or `test`); each test is an async function that throws on failure. */
  readonly it: (name: string, test: () => Promise<void>) => unknown
  /**
   * `"honoured"` when the service replays a repeated idempotency key (the
   * sandbox does): the contract's client is made with it, and the contract
   * checks that a call whose answer was lost is retried with its key and acts
   * once, and that a repeated key replays the first answer. Default `"unknown"`.
   */
  readonly idempotencyKeys?: IdempotencyKeys | undefined
}

/** A failed check of the contract. */
class ContractFailure extends Error {
  override readonly name = "ContractFailure"
}

const shown = (value: unknown): string => {
  if (value instanceof Error) return `${value.name}: ${value.message}`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ContractFailure(message)
}

const equal = (actual: unknown, expected: unknown, what: string): void =>
  check(Object.is(actual, expected), `${what}: expected ${shown(expected)}, got ${shown(actual)}`)

const rejection = async (promise: Promise<unknown>, what: string): Promise<unknown> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new ContractFailure(`${what}: expected a rejection, got an answer`)
}

function clientError<C extends PaymentPlanClientError["code"]>(
  error: unknown,
  code: C,
  what: string
): asserts error is Extract<PaymentPlanClientError, { readonly code: C }> {
  check(
    isPaymentPlanClientError(error) && error.code === code,
    `${what}: expected a client error with code ${code}, got ${shown(error)}`
  )
}

const CHECKOUT_ID = /^[A-Za-z0-9_-]{1,256}$/

/** A connection reset after the request was sent: the answer is lost. */
const lostAnswer = () =>
  new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) })

/** What each test of the contract gets: a fresh environment, a client without retries on it, what it sent. */
interface Context {
  readonly env: ContractEnvironment
  readonly client: Client
  /** every request the client sent */
  readonly sent: Array<Request>
}

/** How the contract registers a test, and what the service promises of idempotency keys. */
interface Registration {
  readonly test: (title: string, body: (context: Context) => Promise<void>) => void
  readonly idempotencyKeys: IdempotencyKeys
}

/** A client of the environment's merchant, without retries, that records each request in `sent`. */
const clientFor = (env: ContractEnvironment, sent: Array<Request>, idempotencyKeys: IdempotencyKeys) =>
  createClient({
    baseUrl: env.baseUrl,
    merchantId: env.merchantId,
    apiKey: env.apiKey,
    fetch: (request) => {
      sent.push(request.clone())
      return env.fetch(request)
    },
    idempotencyKeys,
    retry: false
  })

/**
 * The description's example (examples/checkout-request.json) for this merchant, with its own order
 * id, its redemption dates as far after today as the file's are after the day it was written for:
 * a service checks them against the current time (R4.6).
 */
const request = (env: ContractEnvironment): CheckoutRequest => ({
  ...exampleCheckout(Date.now()),
  merchantId: env.merchantId,
  merchantOrderId: `order-${Math.random().toString(36).slice(2, 10)}`
})

const create = async ({ env, client }: Context) => {
  const body = request(env)
  const outcome = await client.createCheckout(body)
  if (!outcome.ok) throw outcome.error
  return { body, checkout: outcome.checkout }
}

const redirect = (checkoutId: string) => `https://shop.example/checkout/return?service_checkout_id=${checkoutId}`

/** A checkout completed in the widget, and its plan. */
const acceptedPlan = async (context: Context) => {
  const { body, checkout } = await create(context)
  await context.env.completeCheckout(checkout.id, "accept")
  const verified = await context.client.verifyCheckout(redirect(checkout.id), {
    merchantOrderId: body.merchantOrderId,
    currencyCode: "AUD"
  })
  if (!verified.allocate || verified.planId === undefined) {
    throw new ContractFailure(`expected an accepted plan, got ${shown(verified)}`)
  }
  return { body, checkout, planId: verified.planId }
}

/** Creating a checkout (R2, R8.3), and a request the client refuses to send (R4). */
const checkoutTests = ({ test }: Registration): void => {
  test("R2, R8.3: creates a checkout with the service's totals; the widget is to be shown", async ({ env, client }) => {
    const body = request(env)
    const outcome = await client.createCheckout(body)
    check(outcome.ok, `createCheckout failed: ${shown(outcome)}`)
    equal(outcome.displayWidget, true, "displayWidget")
    check(outcome.status >= 200 && outcome.status < 300, `status ${outcome.status} is not a success`)
    check(CHECKOUT_ID.test(outcome.checkout.id), `checkout id ${shown(outcome.checkout.id)}`)
    equal(outcome.checkout.totalCost, 1100, "totalCost")
    equal(outcome.checkout.totalMinimumDeposit, 280, "totalMinimumDeposit")
    equal(outcome.checkout.merchantOrderId, body.merchantOrderId, "merchantOrderId")
    equal(outcome.checkout.currencyCode, "AUD", "currencyCode")
  })

  test("R4: an invalid request never leaves the process", async (context) => {
    const { client, sent } = context
    const outcome = await client.createCheckout({ ...request(context.env), currencyCode: "XYZ", items: [] })
    check(!outcome.ok, "an invalid checkout was created")
    equal(outcome.displayWidget, false, "displayWidget")
    equal(outcome.status, undefined, "status")
    clientError(outcome.error, "invalid_request", "createCheckout")
    check(outcome.error.issues.length >= 2, `issues: ${shown(outcome.error.issues)}`)
    clientError(await rejection(client.retrievePlan(".."), "retrievePlan(\"..\")"), "invalid_request", "retrievePlan")
    equal(sent.length, 0, "requests sent")
  })
}

/** Verifying a checkout after the customer's redirect (R8). */
const verificationTests = ({ test }: Registration): void => {
  test("R8: before the customer finishes, the checkout is retrievable and verification refuses", async (context) => {
    const { checkout } = await create(context)
    const retrieved = await context.client.retrieveCheckout(checkout.id)
    equal(retrieved.id, checkout.id, "retrieved id")
    const verified = await context.client.verifyCheckout(redirect(checkout.id))
    equal(verified.allocate, false, "allocate")
  })

  test("R8.1, R8.2: after the deposit is paid, verification allocates and names the plan", async (context) => {
    const { body, checkout } = await create(context)
    await context.env.completeCheckout(checkout.id, "accept")
    const verified = await context.client.verifyCheckout(redirect(checkout.id), {
      merchantOrderId: body.merchantOrderId,
      currencyCode: "AUD"
    })
    check(verified.allocate, `expected an allocation, got ${shown(verified)}`)
    equal(verified.checkoutId, checkout.id, "checkoutId")
    equal(typeof verified.planId, "string", "planId")
    // the deposit's status is the core's decision to read (R8.2): an allocation means it read Accepted
    // another order's id is a mismatch, never an allocation
    const other = await context.client.verifyCheckout(redirect(checkout.id), {
      merchantOrderId: `${body.merchantOrderId}-other`
    })
    check(!other.allocate && other.reason === "order_mismatch", `expected order_mismatch, got ${shown(other)}`)
  })

  test("R8.2: a declined deposit is refused as not accepted", async (context) => {
    const { checkout } = await create(context)
    await context.env.completeCheckout(checkout.id, "decline")
    const verified = await context.client.verifyCheckout(redirect(checkout.id))
    check(!verified.allocate && verified.reason === "not_accepted", `expected not_accepted, got ${shown(verified)}`)
  })

  test("R8.1: a redirect without a usable checkout id is refused before anything is sent", async ({ client, sent }) => {
    const missing = await rejection(client.verifyCheckout("https://shop.example/return"), "no id")
    clientError(missing, "invalid_redirect", "no id")
    equal(missing.problem, "missing", "problem")
    const repeated = await rejection(
      client.verifyCheckout("https://shop.example/return?service_checkout_id=a&service_checkout_id=b"),
      "two ids"
    )
    clientError(repeated, "invalid_redirect", "two ids")
    equal(repeated.problem, "repeated", "problem")
    equal(sent.length, 0, "requests sent")
  })
}

/** The service's refusals as the client's errors: not found, unauthorized. */
const refusalTests = ({ test }: Registration): void => {
  test("unknown checkouts and plans are NotFoundErrors with the status and body", async ({ client }) => {
    const checkout = await rejection(client.retrieveCheckout("chk_does_not_exist"), "retrieveCheckout")
    clientError(checkout, "not_found", "retrieveCheckout")
    equal(checkout.status, 404, "status")
    equal(checkout.operation, "retrieveCheckout", "operation")
    const plan = await rejection(client.retrievePlan("plan_does_not_exist"), "retrievePlan")
    clientError(plan, "not_found", "retrievePlan")
    check(plan.body !== undefined, "the 404 has no body")
  })

  test("wrong credentials are an UnauthorizedError that does not show the key", async ({ env }) => {
    const wrong = createClient({
      baseUrl: env.baseUrl,
      merchantId: env.merchantId,
      apiKey: `${env.apiKey}-wrong`,
      fetch: env.fetch,
      retry: false
    })
    const error = await rejection(wrong.getMerchantConfiguration(), "getMerchantConfiguration")
    clientError(error, "unauthorized", "getMerchantConfiguration")
    equal(error.status, 401, "status")
    check(!JSON.stringify(error).includes(env.apiKey), "the error's JSON shows the API key")
    check(!error.message.includes(env.apiKey), "the error's message shows the API key")
  })
}

/** Plan terms (R6), the merchant configuration, and a plan: retrieved, its order set, searched, its notes. */
const planTests = ({ test }: Registration): void => {
  test("R6: computes plan terms for a checkout", async (context) => {
    const { checkout } = await create(context)
    const terms = await context.client.computePlanTerms({
      checkoutId: checkout.id,
      type: "plan",
      timeZone: "Australia/Sydney",
      installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
    })
    equal(terms.totalCost, 1100, "totalCost")
    equal(terms.currencyCode, "AUD", "currencyCode")
    check((terms.deposit?.amount ?? 0) >= 280, `deposit ${shown(terms.deposit)} below the minimum 280`)
    check((terms.installments?.count ?? 0) > 0, `no instalments: ${shown(terms.installments)}`)
  })

  test("reads the merchant configuration", async ({ client }) => {
    const merchant = await client.getMerchantConfiguration()
    check(merchant.currencies?.some((c) => c.currencyCode === "AUD") === true, "AUD is not among the currencies")
  })

  test("retrieves the plan, sets its merchant order, finds it by search and lists its notes", async (context) => {
    const { client } = context
    const { body, planId } = await acceptedPlan(context)
    const plan = await client.retrievePlan(planId)
    equal(plan.id, planId, "plan id")
    equal(plan.merchantOrderId, body.merchantOrderId, "merchantOrderId")
    check((PLAN_STATUSES as ReadonlyArray<unknown>).includes(plan.status), `plan status ${shown(plan.status)}`)

    const newOrder = `${body.merchantOrderId}-b`
    const set = await client.setMerchantOrder({ planId, merchantOrderId: newOrder })
    equal(set.planId, planId, "setMerchantOrder planId")
    equal(set.merchantOrderId, newOrder, "setMerchantOrder merchantOrderId")
    equal((await client.retrievePlan(planId)).merchantOrderId, newOrder, "merchantOrderId after the change")

    const found = await client.searchPlans({
      filterField: "merchantOrderId",
      filterValue: newOrder,
      filterOperator: "equals"
    })
    equal(shown(found.plans?.map((p) => p.id)), shown([planId]), "plans found")
    equal(found.totalRowCount, 1, "totalRowCount")

    const notes = await client.listPlanNotes({ planId, pageSize: 10, pageOffset: 0 })
    check(Array.isArray(notes.planNotes), `planNotes: ${shown(notes.planNotes)}`)
  })
}

/** A refund calculation and a cancellation (R7, R7.8). */
const refundTests = ({ idempotencyKeys, test }: Registration): void => {
  test("R7: calculates a refund within what was paid, cancels once, and refuses a second cancellation", async (context) => {
    const { client } = context
    const { planId } = await acceptedPlan(context)
    const calculation = await client.calculateRefund(planId)
    equal(calculation.currencyCode, "AUD", "currencyCode")
    const paid = calculation.totalPaymentsPaid ?? 0
    const suggested = calculation.suggestedRefundAmount ?? -1
    check(suggested >= 0 && suggested <= paid, `suggested refund ${suggested} outside 0..${paid}`)

    const cancel = { planId, refundableAmount: suggested, reason: "CustomerRequest" as const }
    const first = await client.cancelPlan(cancel, { idempotencyKey: `cancel-${planId}` })
    if (idempotencyKeys === "honoured") {
      // the same key and body again: one cancellation, the first answer replayed
      const replay = await client.cancelPlan(cancel, { idempotencyKey: `cancel-${planId}` })
      equal(shown(replay), shown(first), "the replayed answer")
    }
    equal((await client.retrievePlan(planId)).status, "Cancelled", "plan status")

    const again = await rejection(client.cancelPlan(cancel), "a second cancellation")
    clientError(again, "conflict", "a second cancellation")
    equal(again.status, 409, "status")
  })

  test("R7.8: a refund above what was paid is refused by the service", async (context) => {
    const { planId } = await acceptedPlan(context)
    const calculation = await context.client.calculateRefund(planId)
    const error = await rejection(
      context.client.cancelPlan({
        planId,
        refundableAmount: (calculation.totalPaymentsPaid ?? 0) + 1,
        reason: "Other"
      }),
      "cancelPlan"
    )
    clientError(error, "service_validation", "cancelPlan")
    check(error.status !== undefined && error.status >= 400 && error.status < 500, `status ${error.status}`)
  })
}

/** A call whose answer was lost, retried with its idempotency key (where the service honours keys). */
const idempotencyTests = ({ idempotencyKeys, test }: Registration): void => {
  if (idempotencyKeys === "honoured") {
    test("idempotency keys: a create whose answer was lost is retried with its key and creates one checkout", async ({ env }) => {
      const sent: Array<Request> = []
      const answers: Array<string> = []
      // the first attempt reaches the service, which acts; its answer is lost on the way back
      const losingFirst: FetchLike = async (request) => {
        const response = await env.fetch(request)
        if (answers.push(await response.clone().text()) === 1) throw lostAnswer()
        return response
      }
      const client = createClient({
        baseUrl: env.baseUrl,
        merchantId: env.merchantId,
        apiKey: env.apiKey,
        fetch: (request) => {
          sent.push(request.clone())
          return losingFirst(request)
        },
        idempotencyKeys: "honoured",
        retry: { baseDelayMs: 0 }
      })
      const outcome = await client.createCheckout(request(env))
      check(outcome.ok, `createCheckout failed: ${shown(outcome)}`)
      equal(sent.length, 2, "attempts")
      const keys = sent.map((r) => r.headers.get("idempotency-key"))
      check(keys[0] !== null && keys[0] !== undefined && keys[0].length > 0, "the POST carried no Idempotency-Key")
      equal(keys[1], keys[0], "the retry's key")
      const lost = JSON.parse(answers[0]!) as { readonly id?: unknown }
      equal(outcome.checkout.id, lost.id, "the checkout of the retry (the first one, replayed)")
    })
  }
}

/**
 * Registers the client's contract with the service under
 * `describe("client contract: <name>")`. Each test gets a new environment
 * from `makeEnvironment` and closes it after. Only what the service
 * description and docs/rules.md promise is checked, never a detail of one
 * implementation.
 *
 * @example
 * ```ts
 * import { describe, it } from "node:test"
 * import { clientContract } from "payment-plan-engine/client/testing"
 *
 * clientContract("staging", () => ({
 *   fetch: globalThis.fetch, baseUrl: process.env.PP_BASE_URL!, merchantId: "merchant-123",
 *   apiKey: process.env.PP_API_KEY!, completeCheckout: payInTheWidget, close: async () => {}
 * }), { describe, it })
 * ```
 * @category Testing
 * @since 0.1.0
 */
export const clientContract = (
  name: string,
  makeEnvironment: () => ContractEnvironment | Promise<ContractEnvironment>,
  options: ContractOptions
): void => {
  const idempotencyKeys = options.idempotencyKeys ?? "unknown"
  /** A test with a fresh environment and a client without retries. */
  const test = (title: string, body: (context: Context) => Promise<void>): void => {
    options.it(title, async () => {
      const env = await makeEnvironment()
      try {
        const sent: Array<Request> = []
        await body({ env, client: clientFor(env, sent, idempotencyKeys), sent })
      } finally {
        await env.close()
      }
    })
  }
  const registration: Registration = { test, idempotencyKeys }
  options.describe(`client contract: ${name}`, () => {
    for (const tests of [checkoutTests, verificationTests, refusalTests, planTests, refundTests, idempotencyTests]) {
      tests(registration)
    }
  })
}

// ---------------------------------------------------------------------------
// A scripted fetch

/**
 * One scripted answer of {@link scriptedFetch}.
 *
 * @category Testing
 * @since 0.1.0
 */
export type Step =
  | {
    readonly kind: "json"
    readonly status?: number
    readonly body: unknown
    readonly headers?: Record<string, string>
  }
  | { readonly kind: "text"; readonly status: number; readonly body: string; readonly headers?: Record<string, string> }
  /** the connection is reset before any answer: the request may have been received */
  | { readonly kind: "reset" }
  /** the connection is refused (`ECONNREFUSED`): the request cannot have been received */
  | { readonly kind: "refused" }
  /** the host name does not resolve (`ENOTFOUND`): the request cannot have been received */
  | { readonly kind: "dns" }
  /** no answer ever (until the request is aborted) */
  | { readonly kind: "hang" }
  /** headers come, the body never ends (until aborted) */
  | { readonly kind: "slowBody"; readonly status?: number; readonly headers?: Record<string, string> }
  /** the body is cut off by a reset after a few bytes */
  | { readonly kind: "truncated"; readonly status?: number; readonly headers?: Record<string, string> }

/**
 * A request as {@link scriptedFetch} received it.
 *
 * @category Testing
 * @since 0.1.0
 */
export interface RecordedRequest {
  readonly method: string
  readonly url: URL
  /** header names in lower case */
  readonly headers: Record<string, string>
  readonly text: string
  /** the body as JSON, or its text when it is not JSON, or undefined for none */
  readonly json: unknown
  /** when it arrived, by the clock given to the fetch */
  readonly at: number
  readonly signal: AbortSignal
}

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener("abort", () => reject(signal.reason), { once: true })
  })

/** What Node's fetch throws for a failure of the connection: a TypeError with the system error as its cause. */
const fetchFailed = (message: string, code: string) =>
  new TypeError("fetch failed", { cause: Object.assign(new Error(message), { code }) })

/**
 * A `fetch` that answers each call with the next scripted step (the last one
 * repeats; a function picks the step from the request) and records every
 * request it receives. Failures are thrown as Node's fetch throws them (a
 * `TypeError` whose `cause` has the system error `code`).
 *
 * @example
 * ```ts
 * import { createClient } from "payment-plan-engine/client"
 * import { scriptedFetch } from "payment-plan-engine/client/testing"
 *
 * const { fetch, requests } = scriptedFetch([{ kind: "json", status: 503, body: {} }, { kind: "json", body: { id: "plan_1" } }])
 * const client = createClient({ baseUrl: "https://api.example.test", merchantId: "merchant-123", apiKey: "k", fetch })
 * await client.retrievePlan("plan_1") // retried after the 503
 * requests.length // 2
 * ```
 * @category Testing
 * @since 0.1.0
 */
export const scriptedFetch = (
  steps: ReadonlyArray<Step> | ((request: RecordedRequest, index: number) => Step),
  now: () => number = () => Date.now()
): { readonly fetch: FetchLike; readonly requests: ReadonlyArray<RecordedRequest> } => {
  const requests: Array<RecordedRequest> = []
  const stepFor = (recorded: RecordedRequest, index: number): Step =>
    typeof steps === "function"
      ? steps(recorded, index)
      : (steps[Math.min(index, steps.length - 1)] ?? { kind: "hang" })

  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.text()
    let json: unknown
    try {
      json = text === "" ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers),
      text,
      json,
      at: now(),
      signal: request.signal
    }
    requests.push(recorded)
    const step = stepFor(recorded, requests.length - 1)
    switch (step.kind) {
      case "json":
        return new Response(JSON.stringify(step.body), {
          status: step.status ?? 200,
          headers: { "content-type": "application/json", ...step.headers }
        })
      case "text":
        return new Response(step.body, { status: step.status, headers: step.headers ?? {} })
      case "reset":
        throw fetchFailed("read ECONNRESET", "ECONNRESET")
      case "refused":
        throw fetchFailed(`connect ECONNREFUSED ${recorded.url.host}`, "ECONNREFUSED")
      case "dns":
        throw fetchFailed(`getaddrinfo ENOTFOUND ${recorded.url.hostname}`, "ENOTFOUND")
      case "hang":
        return aborted(request.signal)
      case "slowBody": {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("{\"id\":"))
            request.signal.addEventListener("abort", () => controller.error(request.signal.reason), { once: true })
          }
        })
        return new Response(body, {
          status: step.status ?? 200,
          headers: { "content-type": "application/json", ...step.headers }
        })
      }
      case "truncated": {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("{\"id\":\"chk"))
            controller.error(fetchFailed("read ECONNRESET", "ECONNRESET"))
          }
        })
        return new Response(body, {
          status: step.status ?? 200,
          headers: { "content-type": "application/json", ...step.headers }
        })
      }
    }
  }
  return { fetch, requests }
}
