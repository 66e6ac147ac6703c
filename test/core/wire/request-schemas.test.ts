/**
 * The request bodies' JSON Schemas (`payment-plan-engine/schemas/<operation>.json`)
 * judged by Ajv, a validator no one here wrote, against the engine: the example
 * checkout and 1,000 random create-checkout requests (the testing arbitraries'
 * valid requests, and as many with one thing changed) get the same verdict from
 * Ajv as from `validateCheckoutRequest` with unknown fields refused (R10.2):
 * what Ajv refuses the engine refuses, and what Ajv accepts the engine accepts
 * but for the checks the schema names as the service's own (`x-service-check`,
 * `x-service-checks`), which no JSON Schema can say.
 */
import addFormats from "ajv-formats"
import { Ajv2020 } from "ajv/dist/2020.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { exampleCheckout } from "../../../src/adapters/client/example-checkout.ts"
import type { Issue } from "../../../src/core/foundation/issues.ts"
import { BODY_OPERATIONS, type JsonObject, requestBodySchema } from "../../../src/core/wire/openapi.ts"
import { validateCheckoutRequest } from "../../../src/index.ts"
import { checkoutRequest } from "../../../src/testing/arbitraries.ts"

const ajv = new Ajv2020({ allErrors: true, strict: true })
addFormats.default(ajv)
// the document's own keywords: a rule's number, and the checks only the service makes
ajv.addVocabulary(["x-rule", "x-service-check", "x-service-checks"])

const schema = requestBodySchema("createCheckout")
const validate = ajv.compile(schema)

/** The checks the schema names as the service's: `{ rule, check }` of its checks, `{ rule, code }` of the context's. */
const serviceChecks = (node: unknown, found: Array<{ rule: string; check: string }> = []) => {
  if (Array.isArray(node)) { for (const child of node) serviceChecks(child, found) }
  else if (typeof node === "object" && node !== null) {
    const { "x-rule": rule, "x-service-check": check } = node as Record<string, unknown>
    if (typeof rule === "string" && typeof check === "string") found.push({ rule, check })
    for (const child of Object.values(node)) serviceChecks(child, found)
  }
  return found
}
const SERVICE_CHECKS = serviceChecks(schema)
const CONTEXT = schema["x-service-checks"] as ReadonlyArray<{ rule: string; code: string }>

/** Whether the schema names this issue's check as the service's own. */
const servicesOwn = (issue: Issue) =>
  CONTEXT.some((c) => c.rule === issue.rule && c.code === issue.code) ||
  SERVICE_CHECKS.some((c) => c.rule === issue.rule && issue.message.startsWith(c.check))

/**
 * Whether Ajv's verdict agrees with the engine's: what Ajv refuses the engine refuses (a check
 * the schema only approximates, a date's grammar, never refuses more), and what Ajv accepts the
 * engine accepts but for the checks the schema names as the service's own.
 */
const agrees = (input: unknown, byAjv: boolean) => {
  const result = validateCheckoutRequest(input, { unknownFields: "error" })
  return byAjv ? result.ok || result.issues.every(servicesOwn) : !result.ok
}

type Request = Record<string, any>

/** One thing changed in a valid request: what JSON Schema says (each rule's boundary), and the service's own checks. */
const MUTATIONS: ReadonlyArray<readonly [string, (r: Request) => void]> = [
  ["R4.1: merchantId missing", (r) => delete r["merchantId"]],
  ["R4.1: items missing", (r) => delete r["items"]],
  ["R4.1: no item", (r) => (r["items"] = [])],
  ["R4.1: merchantId of 4 characters", (r) => (r["merchantId"] = "m-12")],
  ["R4.1: merchantId of 5 astral characters", (r) => (r["merchantId"] = "😀😀😀😀😀")],
  ["R4.1: merchantOrderId of 257 characters", (r) => (r["merchantOrderId"] = "o".repeat(257))],
  ["R4.1: externalCode of 129 characters", (r) => (r["externalCode"] = "e".repeat(129))],
  ["R4.3: a space", (r) => (r["merchantOrderId"] = "order 1")],
  ["R4.3: a line break", (r) => (r["merchantId"] = "merchant\n123")],
  ["R4.3: U+2028", (r) => (r["merchantOrderId"] = "order\u20281")],
  ["R4.3: a tab passes", (r) => (r["merchantOrderId"] = "order\t1")],
  ["R4.4: unknown currency", (r) => (r["currencyCode"] = "XYZ")],
  ["R4.4: currency in lower case", (r) => (r["currencyCode"] = "aud")],
  ["R4.1: type not plan", (r) => (r["type"] = "loan")],
  ["R4.1: planType unknown", (r) => (r["planType"] = "Monthly")],
  ["R4.7: expiry a fraction", (r) => (r["expiry"] = 1.5)],
  ["R4.7: expiry negative fraction (the default)", (r) => (r["expiry"] = -3.5)],
  ["R4.7: expiry text", (r) => (r["expiry"] = "60")],
  ["R4.4: merchantMetadata of a number", (r) => (r["merchantMetadata"] = { channel: 1 })],
  ["R10.2: an unknown field", (r) => (r["itmes"] = [])],
  ["R10.2: an unknown item field", (r) => (r["items"][0]["colour"] = "red")],
  ["R4.6: quantity 0", (r) => (r["items"][0]["quantity"] = 0)],
  ["R4.6: quantity a fraction", (r) => (r["items"][0]["quantity"] = 1.5)],
  ["R4.6: quantity beyond safe integers", (r) => (r["items"][0]["quantity"] = 2 ** 53)],
  ["R4.6: costPerItem 0", (r) => (r["items"][0]["costPerItem"] = 0)],
  ["R4.6: costPerItem text", (r) => (r["items"][0]["costPerItem"] = "50")],
  ["R4.6: description empty", (r) => (r["items"][0]["description"] = "")],
  ["R4.6: description missing", (r) => delete r["items"][0]["description"]],
  ["R4.6: depositRefundable text", (r) => (r["items"][0]["depositRefundable"] = "false")],
  ["R4.6: paymentDeadline negative", (r) => (r["items"][0]["paymentDeadline"] = -1)],
  ["R4.6: deposit unit unknown", (r) => (r["items"][0]["minimumDepositPerItem"] = { unit: "Percent", value: 5 })],
  [
    "R4.6: deposit unit in any case",
    (r) => (r["items"][0]["minimumDepositPerItem"] = { unit: "pErCeNtAgE", value: 5 })
  ],
  [
    "R4.6: Percentage deposit 100",
    (r) => (r["items"][0]["minimumDepositPerItem"] = { unit: "percentage", value: 100 })
  ],
  [
    "R4.6: Percentage deposit 100.5",
    (r) => (r["items"][0]["minimumDepositPerItem"] = { unit: "PERCENTAGE", value: 100.5 })
  ],
  ["R4.6: deposit negative", (r) => (r["items"][0]["minimumDepositPerItem"] = { unit: "Currency", value: -1 })],
  [
    "R4.6: refundablePercentage 101",
    (r) => (r["items"][0]["refundPolicies"] = [{ daysWithinRedemptionDate: 3, refundablePercentage: 101 }])
  ],
  [
    "R4.6: days a fraction",
    (r) => (r["items"][0]["refundPolicies"] = [{ daysWithinRedemptionDate: 2.5, refundablePercentage: 50 }])
  ],
  [
    "R4.6: policy type unknown",
    (r) => (r["items"][0]["refundPolicies"] = [{ type: "flat", daysWithinRedemptionDate: 2, refundablePercentage: 50 }])
  ],
  ["R2.5: redemptionDate in words", (r) => (r["items"][0]["redemptionDate"] = "next Friday")],
  ["R2.5: redemptionDate without an offset", (r) => (r["items"][0]["redemptionDate"] = "2027-03-01T10:00:00")],
  // the service's own: JSON Schema cannot say them, and names them
  ["R4.4 (service): a URL that does not parse", (r) => (r["redirectURL"] = "shop.example/return")],
  ["R4.4 (service): an ftp URL", (r) => (r["items"][0]["merchantProductURL"] = "ftp://shop.example/x")],
  ["R2.5 (service): 30 February", (r) => (r["items"][0]["redemptionDate"] = "2027-02-30")],
  [
    "R4.6 (service): two policies of the same days",
    (
      r
    ) => (r["items"][0]["refundPolicies"] = [{ daysWithinRedemptionDate: 3, refundablePercentage: 50 }, {
      daysWithinRedemptionDate: 3,
      refundablePercentage: 20
    }])
  ],
  [
    "R1.3 (service): a cost with too many digits",
    (r) => (r["currencyCode"] = "JPY", r["items"][0]["costPerItem"] = 10.5)
  ]
]

/**
 * 1,000 requests: 500 the arbitraries drew (valid by construction), and each of them again with one
 * thing changed (drawing is the slow part, so each draw serves twice).
 */
const thousandRequests = (): ReadonlyArray<readonly [string, unknown]> => {
  const drawn = fc.sample(checkoutRequest(), { numRuns: 500, seed: 31 })
  const picks = fc.sample(fc.nat({ max: MUTATIONS.length - 1 }), { numRuns: 500, seed: 32 })
  return [
    ...drawn.map((request) => ["valid", request] as const),
    ...drawn.map((request, i) => {
      const [name, change] = MUTATIONS[picks[i]!]!
      const copy = structuredClone(request) as Request
      change(copy)
      return [name, copy] as const
    })
  ]
}

describe("the request bodies' JSON Schemas, judged by Ajv", () => {
  it("every body's schema compiles under Ajv's strict mode (draft 2020-12)", () => {
    for (const operation of BODY_OPERATIONS) {
      expect(() => ajv.compile(requestBodySchema(operation) as JsonObject), operation).not.toThrow()
    }
  })

  it("R4: the example checkout is valid to Ajv and to the engine", () => {
    const example = exampleCheckout()
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true)
    expect(validateCheckoutRequest(example, { unknownFields: "error", merchantId: "merchant-123" }).ok).toBe(true)
  })

  it("R4, R10.2: 1,000 random requests get the same verdict from Ajv as from validateCheckoutRequest", () => {
    const requests = thousandRequests()
    expect(requests).toHaveLength(1000)
    const differ = requests.flatMap(([name, request]) => {
      const byAjv = validate(request)
      return agrees(request, byAjv) ? [] : [{ name, byAjv, errors: validate.errors, request }]
    })
    expect(differ).toEqual([])
    // both verdicts are given, and every change was made
    const names = new Set(requests.map(([name]) => name))
    expect(names.size).toBe(MUTATIONS.length + 1)
    const invalid = requests.filter(([, request]) => !validate(request)).length
    expect(invalid).toBeGreaterThan(300)
  })

  it("the checks only the service makes are the ones the schema names", () => {
    // R1.1 and R1.3 are also the schema's own struct checks (Checkout.CheckoutRequest keeps its rules)
    expect(SERVICE_CHECKS.map((c) => c.rule).sort()).toEqual(["R1.1", "R1.3", "R2.5", "R4.4", "R4.4", "R4.4", "R4.6"])
    expect(CONTEXT.map((c) => `${c.rule} ${c.code}`)).toEqual([
      "R1.3 precision",
      "R1.1 range",
      "R4.5 merchant_mismatch",
      "R4.5 unknown_external_code",
      "R4.6 past_date",
      "R4.7 range"
    ])
  })
})
