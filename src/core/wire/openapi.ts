/**
 * The service as an OpenAPI 3.1 document, generated from the route table
 * (routes.ts) and the concepts' Schemas, so nothing is declared twice: a field
 * added to a schema appears here at the next build, an operation added to the
 * table appears with its parameters, body, answers and examples.
 *
 * Effect writes the JSON Schemas (`Schema.toJsonSchemaDocument`); this module
 * writes what it lacks: the paths and operations (from the table), the error
 * answers and the Basic credentials, the examples (the one example checkout
 * and what the engine computes from it), and a tidy pass over Effect's output
 * (unions of one member unwrapped, repeated members dropped, a whole number
 * typed `integer`, the checks JSON Schema cannot say named in the field's
 * description). Each check carries its rule as `x-rule` (the kit's `rule`),
 * requests are strict (`additionalProperties: false`) and answers say what a
 * service may add (R9): every field but the identity optional and nullable,
 * enumerations open, unknown properties allowed.
 *
 * The document is built when first asked for and is the same, byte for byte,
 * at every build (docs/decisions/0011-the-openapi-document.md).
 *
 * @internal
 * @module
 */
// Over 400 lines: the OpenAPI document generated from the route table and the schemas, one builder.
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import example from "../../../examples/checkout-request.json" with { type: "json" }
import retrievedExample from "../../../examples/retrieved-checkout.json" with { type: "json" }
import { validateRequestResult as validateCheckoutRequestResult } from "../checkout/request.ts"
import { summarizeResult } from "../checkout/totals.ts"
import { SERVICE_CHECK } from "../internal/schema-kit.ts"
import { computeResult } from "../plan-terms/terms.ts"
import { ErrorBodyResponse } from "./error-response.ts"
import { type Operation, OPERATIONS, pathParameters, ROUTE_TABLE, type RouteEntry } from "./routes.ts"

/** A JSON value. */
export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/** A JSON object (a schema, an operation, the document). */
export type JsonObject = { readonly [key: string]: Json }

type Mutable = { [key: string]: Json }

/** The document's version of the service: the package's. */
const VERSION = "0.1.0"

/** The instant the examples are written for: the docs' and the tests' `now`. */
const EXAMPLE_NOW = "2026-11-22T00:00:00Z"

const EXAMPLE_CHECKOUT_ID = retrievedExample.id

/** What each operation does, in a few words (its client method's documentation says the rest). */
const SUMMARIES: { readonly [K in Operation]: string } = {
  createCheckout: "Create a checkout",
  retrieveCheckout: "Retrieve a checkout (verification)",
  computePlanTerms: "Compute the plan terms of a checkout",
  retrievePlan: "Retrieve a plan",
  setMerchantOrder: "Set the merchant order of a plan",
  searchPlans: "Search plans",
  calculateRefund: "Calculate the refund of a plan",
  listPlanNotes: "List the notes of a plan",
  cancelPlan: "Cancel a plan with a refund",
  getMerchantConfiguration: "Read the merchant configuration"
}

/** The tag of each operation: the resource it is about. */
const TAGS: { readonly [K in Operation]: "Checkouts" | "Plans" | "Merchant" } = {
  createCheckout: "Checkouts",
  retrieveCheckout: "Checkouts",
  computePlanTerms: "Checkouts",
  retrievePlan: "Plans",
  setMerchantOrder: "Plans",
  searchPlans: "Plans",
  calculateRefund: "Plans",
  listPlanNotes: "Plans",
  cancelPlan: "Plans",
  getMerchantConfiguration: "Merchant"
}

const TAG_DESCRIPTIONS = {
  Checkouts: "A checkout, the customer's plan terms, and its verification after the redirect (R4, R6, R8).",
  Plans: "The plans checkouts became: reading, searching, notes, refunds and cancellation (R7).",
  Merchant: "The merchant's own configuration (R9, R10.3)."
} as const

/** The error answers, by status: the error body's `code`s at that status, and when they are given. */
const ERRORS = {
  400: ["BadRequest", "The body is not a JSON object (`malformed_json`), or a header is invalid (`bad_request`)."],
  401: ["Unauthorized", "Missing or invalid credentials (`unauthorized`)."],
  404: ["NotFound", "No such resource for this merchant (`not_found`)."],
  409: [
    "Conflict",
    "The resource's state refuses the request (`conflict`), or the `Idempotency-Key` was used with another request (`idempotency_key_reused`)."
  ],
  410: ["Gone", "The checkout has expired (`checkout_expired`, R4.7)."],
  413: ["PayloadTooLarge", "The body is larger than the service reads (`payload_too_large`)."],
  415: ["UnsupportedMediaType", "The body is not sent as `application/json` (`unsupported_media_type`)."],
  421: [
    "MisdirectedRequest",
    "The request's `Host` is not one the service answers for (`misdirected_request`); nothing was read or done."
  ],
  422: [
    "ValidationFailed",
    "The request is invalid (`validation_failed`): `issues` lists every violation, each with its path, code and rule (R4.1)."
  ],
  429: ["TooManyRequests", "Too many requests; retry after the `Retry-After` header's seconds (`too_many_requests`)."],
  500: [
    "InternalError",
    "The service failed (`internal_error`); a create answering 500 or more shows no widget (R8.3)."
  ]
} as const satisfies Record<number, readonly [string, string]>

type ErrorStatus = keyof typeof ERRORS

/** The operations whose resource may have expired (R4.7): plan terms of a checkout no longer open. */
const MAY_EXPIRE: ReadonlySet<Operation> = new Set(["computePlanTerms"])

/** The error statuses an operation may answer, from its entry: its input, its path, its method. */
export const errorStatuses = (operation: Operation): ReadonlyArray<ErrorStatus> => {
  const entry: RouteEntry = ROUTE_TABLE[operation]
  // 421: a server answers only the hosts it accepts, whatever the operation (RFC 9110, 15.5.20)
  const statuses = new Set<ErrorStatus>([401, 421, 429, 500])
  const writes = entry.method !== "GET"
  if (entry.in === "body" || writes) statuses.add(400)
  if (pathParameters(entry).length > 0) statuses.add(404)
  if (writes) statuses.add(409)
  if (MAY_EXPIRE.has(operation)) statuses.add(410)
  if (entry.in === "body") {
    statuses.add(413)
    statuses.add(415)
  }
  if (entry.in === "body" || entry.in === "query") statuses.add(422)
  return [...statuses].sort((a, b) => a - b)
}

/** A check the engine makes with what the request alone does not hold: the merchant, `now`, the currency's digits. */
export interface ContextCheck {
  readonly rule: string
  readonly code: string
  readonly check: string
}

/**
 * The checks of each request body that need more than the request (the rules that are one
 * function each, docs/rules.md): named in the body's schema (`x-service-checks` and its
 * description), since no JSON Schema can say them.
 */
export const CONTEXT_CHECKS: Partial<Record<Operation, ReadonlyArray<ContextCheck>>> = {
  createCheckout: [
    {
      rule: "R1.3",
      code: "precision",
      check: "costPerItem and a Currency minimumDepositPerItem.value have at most the currency's fraction digits " +
        "(ISO 4217's, or 0 where the merchant configuration makes the currency zero-decimal, R1.2)"
    },
    { rule: "R1.1", code: "range", check: "each line total (costPerItem × quantity) stays an exact amount" },
    { rule: "R4.5", code: "merchant_mismatch", check: "merchantId equals the merchant of the credentials" },
    {
      rule: "R4.5",
      code: "unknown_external_code",
      check: "externalCode is one of the merchant's sub-merchants, when the merchant lists any"
    },
    { rule: "R4.6", code: "past_date", check: "each redemptionDate lies after the time of the request" },
    {
      rule: "R4.7",
      code: "range",
      check: "the checkout's end (its creation plus expiry minutes) falls before the year 10000"
    }
  ],
  computePlanTerms: [
    { rule: "R1.3", code: "precision", check: "deposit.amount has at most the checkout currency's fraction digits" }
  ],
  cancelPlan: [
    {
      rule: "R7.8",
      code: "range",
      check: "refundableAmount lies between 0 and what the plan's customer paid, in the currency's digits"
    }
  ]
}

/** A request body's schema, with the checks it cannot say named (see {@link CONTEXT_CHECKS}). */
const bodySchema = (operation: Operation, schema: Schema.Top): JsonObject => {
  const checks = CONTEXT_CHECKS[operation] ?? []
  const own = requestJsonSchema(schema)
  if (checks.length === 0) return own
  const said = checks.map(({ check, rule }) => `${check} (${rule})`).join("; ")
  return {
    description: `Checked by the service with what the request alone does not hold: ${said}.`,
    ...own,
    "x-service-checks": checks.map(({ check, code, rule }) => ({ rule, code, check }))
  }
}

/** The component name of an operation's schemas: `createCheckout` → `CreateCheckoutRequest`. */
const componentName = (operation: Operation, suffix: "Request" | "Response"): string =>
  `${operation[0]!.toUpperCase()}${operation.slice(1)}${suffix}`

// ---------------------------------------------------------------------------
// JSON Schemas: Effect's, tidied

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const KEEP_ANNOTATION = (key: string) => key.startsWith("x-")

/**
 * A strict request schema: Effect's JSON Schema of it, unknown properties refused (the
 * engine reports them, R10.2, and refuses them when asked for strict input).
 */
export const requestJsonSchema = (schema: Schema.Top): JsonObject =>
  tidy(
    Schema.toJsonSchemaDocument(schema, { onExcessProperty: "error", includeAnnotationKey: KEEP_ANNOTATION })
      .schema as Json
  ) as JsonObject

/** A response schema: the type side of the tolerant reading (R9), as a service may send it. */
const responseJsonSchema = (schema: Schema.Top): JsonObject =>
  tidy(
    Schema.toJsonSchemaDocument(Schema.toType(schema), { includeAnnotationKey: KEEP_ANNOTATION }).schema as Json
  ) as JsonObject

const withoutNull = (schemas: ReadonlyArray<Json>) => schemas.filter((s) => !(isObject(s) && s["type"] === "null"))

/** Tidies one schema node and those below it (see the module's comment). */
const tidy = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(tidy)
  if (!isObject(node)) return node
  let out: Mutable = {}
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "enum" || key === "required" || key === "examples" || key === "const" ? value : tidy(value)
  }
  out = openObject(out)
  out = unionOfOne(out)
  out = nullable(out)
  out = foldChecks(out)
  return out
}

/**
 * An object read tolerantly keeps unknown properties (R9): Effect writes its rest as an `allOf`
 * member of any object, which would refuse the null a tolerant field may be; said on the node.
 */
const openObject = (node: Mutable): Mutable => {
  const allOf = node["allOf"]
  if (!Array.isArray(allOf)) return node
  const isRest = (m: Json) =>
    isObject(m) && m["type"] === "object" && isObject(m["additionalProperties"]) &&
    Object.keys(m["additionalProperties"]).length === 0 && Object.keys(m).length === 2
  if (!allOf.some(isRest)) return node
  const { allOf: _, ...rest } = node
  const others = allOf.filter((m) => !isRest(m))
  return { ...rest, additionalProperties: true, ...(others.length === 0 ? {} : { allOf: others }) }
}

/** `anyOf` with its repeated members dropped; one member left is the schema itself. */
const unionOfOne = (node: Mutable): Mutable => {
  const anyOf = node["anyOf"]
  if (!Array.isArray(anyOf)) return node
  const seen = new Set<string>()
  const members = anyOf.filter((m) => {
    const key = JSON.stringify(m)
    return seen.has(key) ? false : (seen.add(key), true)
  })
  const { anyOf: _, ...rest } = node
  if (members.length === 1 && isObject(members[0]) && Object.keys(rest).every((k) => !(k in members[0]!))) {
    return { ...members[0], ...rest }
  }
  return { ...rest, anyOf: members }
}

/** `anyOf: [X, { type: "null" }]` with X of one plain type is `type: [X's type, "null"]` (OpenAPI 3.1). */
const nullable = (node: Mutable): Mutable => {
  const anyOf = node["anyOf"]
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node
  const others = withoutNull(anyOf)
  const other = others[0]
  if (others.length !== 1 || !isObject(other) || typeof other["type"] !== "string") return node
  const { anyOf: _, ...rest } = node
  if (Object.keys(rest).some((k) => k in other)) return node
  return { ...rest, ...other, type: [other["type"], "null"] }
}

/**
 * The checks of a node (`allOf` members, each with its `x-rule`): a whole-number check types the
 * node `integer`; a check JSON Schema cannot say is named in the node's description.
 */
const foldChecks = (node: Mutable): Mutable => {
  const allOf = node["allOf"]
  if (!Array.isArray(allOf)) return node
  const said: Array<string> = []
  for (const check of allOf) {
    if (!isObject(check)) continue
    if (check["type"] === "integer" && node["type"] === "number") node["type"] = "integer"
    const words = check[SERVICE_CHECK]
    if (typeof words === "string") {
      const rule = check["x-rule"]
      said.push(typeof rule === "string" ? `${words} (${rule})` : words)
    }
  }
  if (said.length === 0) return node
  const checked = `Checked by the service, beyond what JSON Schema says: ${said.join("; ")}.`
  const description = node["description"]
  return { ...node, description: typeof description === "string" ? `${description} ${checked}` : checked }
}

// ---------------------------------------------------------------------------
// Examples: the one example checkout, and what the engine computes from it

const exampleRequest = (): JsonObject => {
  const read = validateCheckoutRequestResult(structuredClone(example), { merchantId: example.merchantId })
  if (Result.isFailure(read)) throw new Error(`examples/checkout-request.json: ${read.failure.message}`)
  return read.success.value as unknown as JsonObject
}

const examplesOf = (): {
  readonly requests: Partial<Record<Operation, Json>>
  readonly responses: Partial<Record<Operation, Json>>
  readonly invalid: Json
} => {
  const request = exampleRequest()
  const checkout = exampleRequest() as never
  const summary = summarizeResult(checkout, { now: EXAMPLE_NOW })
  const termsRequest = {
    checkoutId: EXAMPLE_CHECKOUT_ID,
    type: "plan",
    planType: "Installment",
    installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Monday" } } },
    timeZone: "Australia/Sydney"
  }
  const terms = computeResult(checkout, termsRequest as never, { now: EXAMPLE_NOW })
  if (Result.isFailure(summary) || Result.isFailure(terms)) throw new Error("the example checkout does not compute")
  const { schedule: _schedule, ...termsAnswer } = terms.success as unknown as Mutable
  const invalid = validateCheckoutRequestResult({ ...request, currencyCode: "XYZ", items: [] })
  const issues = Result.isFailure(invalid) ? invalid.failure.issues : []
  const planId = retrievedExample.plan.id
  const cancel = { planId, refundableAmount: 100, reason: "CustomerRequest", details: "The customer changed plans" }
  return {
    requests: {
      createCheckout: request,
      computePlanTerms: termsRequest,
      setMerchantOrder: { planId, merchantOrderId: "order-0001-b" },
      cancelPlan: cancel
    },
    responses: {
      createCheckout: {
        id: EXAMPLE_CHECKOUT_ID,
        merchantId: request["merchantId"]!,
        merchantOrderId: request["merchantOrderId"]!,
        currencyCode: request["currencyCode"]!,
        redirectURL: request["redirectURL"]!,
        planType: request["planType"]!,
        totalCost: summary.success.totalCost,
        totalMinimumDeposit: summary.success.totalMinimumDeposit,
        completionDate: summary.success.completionDate,
        createdAt: EXAMPLE_NOW
      },
      retrieveCheckout: retrievedExample as unknown as Json,
      computePlanTerms: termsAnswer,
      setMerchantOrder: { planId, merchantOrderId: "order-0001-b" },
      cancelPlan: { result: "Cancelled" }
    },
    invalid: {
      code: "validation_failed",
      message: "The request is invalid",
      issues: issues.map(({ code, message, path, rule }) => ({ path, code, rule, message }))
    }
  }
}

// ---------------------------------------------------------------------------
// The document

const json = (schema: Json, example?: Json): Mutable => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) }
})

const ref = (section: "schemas" | "responses", name: string): JsonObject => ({
  $ref: `#/components/${section}/${name}`
})

/** The fields of an operation's request schema, as JSON Schemas, and which are required. */
const fieldsOf = (schema: JsonObject) => ({
  properties: (isObject(schema["properties"]) ? schema["properties"] : {}) as JsonObject,
  required: new Set(Array.isArray(schema["required"]) ? (schema["required"] as ReadonlyArray<string>) : [])
})

const operationOf = (operation: Operation, examples: ReturnType<typeof examplesOf>) => {
  const entry: RouteEntry = ROUTE_TABLE[operation]
  const request = entry.in === "none" ? undefined : requestJsonSchema(entry.request)
  const { properties, required } = request === undefined ? fieldsOf({}) : fieldsOf(request)
  const inPath = pathParameters(entry)
  const parameters: Array<Json> = inPath.map((name) => ({
    name,
    in: "path",
    required: true,
    description: `The ${name} (a field of the same name in the request).`,
    schema: properties[name] ?? { type: "string" }
  }))
  if (entry.in === "query") {
    for (const [name, schema] of Object.entries(properties)) {
      if (inPath.includes(name)) continue
      parameters.push({ name, in: "query", required: required.has(name), schema })
    }
  }
  if (entry.method !== "GET") {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "A key (1 to 255 characters) that makes a retried request act once: the first answer is replayed.",
      schema: { type: "string", minLength: 1, maxLength: 255 }
    })
  }
  const success = entry.status ?? 200
  const responses: Mutable = {
    [success]: {
      description: success === 201 ? "Created." : "OK.",
      content: json(ref("schemas", componentName(operation, "Response")), examples.responses[operation])
    }
  }
  for (const status of errorStatuses(operation)) responses[status] = ref("responses", ERRORS[status][0])
  return {
    operationId: operation,
    summary: SUMMARIES[operation],
    tags: [TAGS[operation]],
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(entry.in === "body"
      ? {
        requestBody: {
          required: true,
          content: json(ref("schemas", componentName(operation, "Request")), examples.requests[operation])
        }
      }
      : {}),
    responses
  }
}

/** The error answers, shared by the operations. */
const errorResponses = (invalid: Json): Mutable => {
  const out: Mutable = {}
  for (const [status, [name, description]] of Object.entries(ERRORS)) {
    const headers: Mutable = {}
    if (status === "401") {
      headers["WWW-Authenticate"] = { description: "The Basic scheme and its realm.", schema: { type: "string" } }
    }
    if (status === "429") {
      headers["Retry-After"] = { description: "Seconds to wait before retrying.", schema: { type: "string" } }
    }
    out[name] = {
      description,
      ...(Object.keys(headers).length === 0 ? {} : { headers }),
      content: json(ref("schemas", "ErrorBody"), status === "422" ? invalid : undefined)
    }
  }
  return out
}

const build = (): JsonObject => {
  const examples = examplesOf()
  const paths: Record<string, Mutable> = {}
  const schemas: Mutable = {}
  for (const operation of OPERATIONS) {
    const entry: RouteEntry = ROUTE_TABLE[operation]
    const item = paths[entry.path] ??= {}
    item[entry.method.toLowerCase()] = operationOf(operation, examples)
    if (entry.in === "body") schemas[componentName(operation, "Request")] = bodySchema(operation, entry.request)
    schemas[componentName(operation, "Response")] = responseJsonSchema(entry.response)
  }
  schemas["ErrorBody"] = responseJsonSchema(ErrorBodyResponse)
  return {
    openapi: "3.1.0",
    info: {
      title: "Payment-plan service",
      version: VERSION,
      summary: "A deposit-plus-instalments payment-plan service, as payment-plan-engine implements it.",
      description:
        "The service's operations as the route table of payment-plan-engine declares them. Requests are strict: " +
        "every constraint carries its rule (`x-rule`), and the rules JSON Schema cannot say are named in the " +
        "fields' descriptions. Answers say what a service may add (R9): fields other than the identity may be " +
        "missing or null, enumerations may gain values, objects may gain properties.",
      license: { name: "MIT", identifier: "MIT" }
    },
    servers: [{ url: "http://127.0.0.1:4010", description: "The sandbox (`payment-plan serve`)." }],
    security: [{ basicAuth: [] }],
    tags: (["Checkouts", "Plans", "Merchant"] as const).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      securitySchemes: {
        basicAuth: {
          type: "http",
          scheme: "basic",
          description: "`Authorization: Basic base64(merchantId:apiKey)`: the merchant a request is made as (R4.5)."
        }
      },
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      responses: errorResponses(examples.invalid)
    }
  }
}

let built: JsonObject | undefined

/**
 * The OpenAPI 3.1 document of the service (built once, then the same object).
 *
 * Shared with the package's layers above the core; no entry point exports it.
 */
export const openApiDocument = (): JsonObject => built ??= build()

/**
 * The operations whose request is a JSON body, in the route table's order.
 *
 * @internal
 */
export const BODY_OPERATIONS: ReadonlyArray<Operation> = OPERATIONS.filter((op) => ROUTE_TABLE[op].in === "body")

/**
 * The JSON Schema (draft 2020-12) of an operation's request body, standing alone: what
 * `payment-plan-engine/schemas/<operation>.json` holds.
 *
 * @internal
 */
export const requestBodySchema = (operation: Operation): JsonObject => {
  const entry: RouteEntry = ROUTE_TABLE[operation]
  if (entry.in !== "body") throw new Error(`${operation} takes no request body`)
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: componentName(operation, "Request"),
    ...bodySchema(operation, entry.request),
    $comment: `The body of ${entry.method} ${entry.path} (${operation}), strict: unknown properties are refused. ` +
      "Each check cites its rule (x-rule); the checks JSON Schema cannot say are named in the descriptions " +
      "and x-service-checks (docs/integrations.md lists them)."
  }
}

/**
 * The document as the package ships it: two-space JSON and a final line break.
 *
 * Shared with the package's layers above the core; no entry point exports it.
 */
export const serialize = (value: Json): string => `${JSON.stringify(value, null, 2)}\n`
