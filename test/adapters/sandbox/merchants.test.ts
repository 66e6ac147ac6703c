/**
 * Merchants files the sandbox cannot use: refused when
 * they are read, every problem named, never a crash; the exported readers of
 * a file (`readMerchantsFile`, and `readMerchantProfile` for one merchant's
 * configuration) throw a typed `MerchantsFileError`. The property over any
 * entry is test/properties/merchants-file.property.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import {
  loadMerchants,
  type MerchantsFile,
  MerchantsFileError,
  readMerchantProfile,
  readMerchantsFile
} from "../../../src/adapters/sandbox/index.ts"
import { DEMO_API_KEYS } from "../../../src/adapters/sandbox/merchants.ts"
import { ValidationError } from "../../../src/core/foundation/issues.ts"

const EXAMPLE = fileURLToPath(new URL("../../../examples/sandbox-merchants.json", import.meta.url))
const directory = mkdtempSync(join(tmpdir(), "merchants-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const refusal = (input: unknown): ReadonlyArray<string> => {
  try {
    loadMerchants(input as MerchantsFile)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map((i) => `${i.path} ${i.code} ${i.rule}`)
  }
  throw new Error("loaded")
}

const file = (name: string, content: string) => {
  const path = join(directory, name)
  writeFileSync(path, content)
  return path
}

describe("loadMerchants refuses what the sandbox cannot use", () => {
  it("an entry without apiKey or apiKeyHash is an issue, not a crash in hashApiKey", () => {
    expect(refusal({ merchants: [{ id: "merchant-1", currencies: [{ currencyCode: "AUD" }] }] })).toEqual([
      "merchants[0].apiKey required sandbox"
    ])
  })

  it("currency codes the core does not accept (lower case, unknown, without digits) are refused at start-up", () => {
    expect(
      refusal({
        merchants: [{
          id: "merchant-1",
          apiKeyHash: "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
          currencies: [{ currencyCode: "aud" }, { currencyCode: "XXXX" }, { currencyCode: "XAU" }, {
            currencyCode: "AUD"
          }]
        }]
      })
    ).toEqual([
      "merchants[0].currencies[0].currencyCode unknown_currency R4.4",
      "merchants[0].currencies[1].currencyCode too_long R4.1",
      "merchants[0].currencies[2].currencyCode unknown_currency R4.4"
    ])
  })

  it("every problem of every merchant at once: keys, ids, currencies, zone, webhook, sub-merchants, repeats", () => {
    const issues = refusal({
      merchants: [
        {
          id: "m1",
          apiKey: "short",
          currencies: [],
          timeZone: "Mars/Olympus",
          webhook: { url: "http://user:pass@127.0.0.1:4242/hooks", secret: "nope" },
          subMerchants: [{ externalCode: "x" }]
        },
        {
          id: "merchant:2",
          apiKey: "sk_test_0123456789",
          apiKeyHash: "scrypt$x",
          currencies: [{ currencyCode: "NZD" }, { currencyCode: "NZD" }],
          webhook: { url: `http://127.0.0.1/${"a".repeat(2048)}`, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }
        },
        { id: "merchant-3", apiKey: "sk_test_0123456789", currencies: [{ currencyCode: "AUD" }] },
        { id: "merchant-3", apiKey: "sk_test_0123456789", currencies: [{ currencyCode: "AUD" }] }
      ]
    })
    expect(new Set(issues)).toEqual(
      new Set([
        "merchants[0].id too_short R4.1",
        "merchants[0].apiKey too_short sandbox",
        "merchants[0].timeZone time_zone R3.1",
        "merchants[0].currencies too_short sandbox",
        "merchants[0].subMerchants[0].externalCode too_short R4.1",
        "merchants[0].webhook.url format webhooks",
        "merchants[0].webhook.secret format webhooks",
        "merchants[1].id format sandbox",
        "merchants[1].apiKeyHash format sandbox",
        "merchants[1].currencies[1].currencyCode duplicate sandbox",
        "merchants[1].webhook.url too_long webhooks",
        "merchants[1].apiKeyHash conflict sandbox",
        "merchants[3].id duplicate sandbox"
      ])
    )
    // issues come merchant by merchant
    expect(issues.map(entry)).toEqual([...issues.map(entry)].sort((a, b) => a - b))
  })

  it("the types require a key", () => {
    const typed = () =>
      // @ts-expect-error: a merchant needs apiKey or apiKeyHash
      loadMerchants({ merchants: [{ id: "merchant-1", currencies: [{ currencyCode: "AUD" }] }] })
    expect(typed).toThrow(ValidationError)
  })

  it("DEMO_API_KEYS are the keys examples/sandbox-merchants.json publishes", () => {
    const published = (JSON.parse(readFileSync(EXAMPLE, "utf8")) as { merchants: Array<{ apiKey?: string }> })
      .merchants.map((m) => m.apiKey)
    expect(new Set(published)).toEqual(DEMO_API_KEYS)
  })
})

const entry = (issue: string) => Number(/^merchants\[(\d+)\]/.exec(issue)?.[1] ?? -1)

describe("reading a merchants file", () => {
  it("readMerchantsFile: the merchants, or a MerchantsFileError that says why in one line", () => {
    expect(readMerchantsFile(EXAMPLE).map((m) => m.id)).toEqual(["merchant-123", "merchant-456"])
    const problem = (path: string) => {
      try {
        readMerchantsFile(path)
      } catch (error) {
        expect(error).toBeInstanceOf(MerchantsFileError)
        const e = error as MerchantsFileError
        expect(e._tag).toBe("MerchantsFileError")
        expect(e.message).not.toContain("\n")
        return { problem: e.problem, message: e.message, issues: e.issues.map((i) => `${i.path} ${i.code}`) }
      }
      throw new Error("read")
    }
    const missing = join(directory, "missing.json")
    expect(problem(missing)).toEqual({
      problem: "unreadable",
      message: `cannot read the merchants file ${missing}: ENOENT`,
      issues: []
    })
    const notJson = file("not-json.json", "{ merchants: ")
    expect(problem(notJson)).toMatchObject({ problem: "not_json", issues: [] })
    expect(problem(notJson).message).toMatch(/^the merchants file .* is not valid JSON: /)
    const noKey = file(
      "no-key.json",
      JSON.stringify({ merchants: [{ id: "merchant-1", currencies: [{ currencyCode: "AUD" }] }] })
    )
    expect(problem(noKey)).toEqual({
      problem: "refused",
      message: `the merchants file ${noKey} was refused:`,
      issues: ["merchants[0].apiKey required"]
    })
  })

  it("readMerchantProfile: one merchant's zone and configuration, as the core's calculations take it", () => {
    const profile = readMerchantProfile(EXAMPLE, "merchant-456")
    expect(profile).toMatchObject({ id: "merchant-456", name: "Demo Travel Agency", timeZone: "Pacific/Auckland" })
    expect(profile.configuration.currencies).toEqual([
      { currencyCode: "NZD", minimumPaymentAmount: 5, paymentGatewayVariant: "sandbox", isZeroDecimal: false }
    ])
    expect(profile.configuration.defaultPaymentDeadline).toBe(14)
    // no key, plain or hashed
    expect(JSON.stringify(profile)).not.toMatch(/apiKey|sk_sandbox/)
    try {
      readMerchantProfile(EXAMPLE, "merchant-999")
      throw new Error("found")
    } catch (error) {
      expect(error).toBeInstanceOf(MerchantsFileError)
      const e = error as MerchantsFileError
      expect(e.problem).toBe("unknown_merchant")
      expect(e.message).toBe(`the merchants file ${EXAMPLE} has no merchant "merchant-999"`)
      expect(e.issues).toEqual([{
        path: "merchantId",
        code: "enum",
        rule: "sandbox",
        message: "must be the id of a merchant of the file (merchant-123, merchant-456), got \"merchant-999\""
      }])
    }
    // a file the sandbox refuses is refused here too, whichever merchant is asked for
    const noKey = file(
      "profile-no-key.json",
      JSON.stringify({ merchants: [{ id: "merchant-1", currencies: [{ currencyCode: "AUD" }] }] })
    )
    expect(() => readMerchantProfile(noKey, "merchant-1")).toThrow(MerchantsFileError)
  })
})
