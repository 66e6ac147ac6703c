/**
 * Merchants files the sandbox cannot use: refused when
 * they are read, every problem named, never a crash; the exported readers of
 * a file (`readMerchantsFile`, and `readMerchantProfile` for one merchant's
 * configuration) throw a typed `MerchantsFileError`. The property over any
 * entry is test/properties/merchants-file.property.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { DEMO_API_KEYS } from "../../../src/adapters/sandbox/demo-merchants.ts"
import {
  DEMO_MERCHANTS,
  loadMerchants,
  MERCHANTS_FILE_LIMITS,
  type MerchantsFile,
  MerchantsFileError,
  readMerchantProfile,
  readMerchantsFile,
  startSandbox
} from "../../../src/adapters/sandbox/index.ts"
import { ValidationError } from "../../../src/core/foundation/issues.ts"

const EXAMPLE = fileURLToPath(new URL("../../../examples/sandbox-merchants.json", import.meta.url))
const directory = mkdtempSync(join(tmpdir(), "merchants-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

/** The issues of a file `loadMerchants` refuses; a file it loads fails the test. */
const refusedIssues = (input: unknown): ValidationError["issues"] => {
  try {
    loadMerchants(input as MerchantsFile)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues
  }
  throw new Error("loaded")
}

const refusal = (input: unknown): ReadonlyArray<string> =>
  refusedIssues(input).map((i) => `${i.path} ${i.code} ${i.rule}`)

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

/** A well-formed hash at the sandbox's own cost (its bytes are not a real key's: only its form is read here). */
const HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
const hashed = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  apiKeyHash: HASH,
  currencies: [{ currencyCode: "AUD" }],
  ...extra
})

describe("a merchants file costs the sandbox what it allows, and no more", () => {
  it("an apiKeyHash at another cost than the sandbox's own is refused: checking it would take another time than an unknown id's", () => {
    const salt = "AAAAAAAAAAAAAAAAAAAAAA"
    const hash = "A".repeat(43)
    const costs = [
      `scrypt$16384$32$16$${salt}$${hash}`, // 60 times the work: an existing id told by its time
      `scrypt$1024$8$1$${salt}$${hash}`, // cheaper: told apart too
      `scrypt$16384$8$2$${salt}$${hash}`,
      `scrypt$16384$8$1$${salt}$${"A".repeat(86)}` // another hash length
    ]
    const issues = refusedIssues({
      merchants: costs.map((apiKeyHash, i) => ({ ...hashed(`merchant-${i}`), apiKeyHash }))
    })
    expect(issues.map((i) => `${i.path} ${i.code} ${i.rule}`)).toEqual([
      "merchants[0].apiKeyHash format sandbox",
      "merchants[1].apiKeyHash format sandbox",
      "merchants[2].apiKeyHash format sandbox",
      "merchants[3].apiKeyHash format sandbox"
    ])
    expect(issues[0]!.message).toContain("scrypt$16384$8$1$")
    expect(issues[0]!.message).toContain("hashApiKey")
    expect(issues[0]!.message).toContain("N=16384, r=32, p=16")
    // the sandbox's own cost, as hashApiKey writes it, is accepted
    expect(loadMerchants({ merchants: [hashed("merchant-ok")] }).map((m) => m.id)).toEqual(["merchant-ok"])
  })

  it("ids JavaScript objects reserve (`__proto__`, `constructor`, …) and an empty merchants list are refused", () => {
    expect(refusal({ merchants: ["__proto__", "constructor", "hasOwnProperty", "prototype"].map((id) => hashed(id)) }))
      .toEqual([
        "merchants[0].id format sandbox",
        "merchants[1].id format sandbox",
        "merchants[2].id format sandbox",
        "merchants[3].id format sandbox"
      ])
    expect(refusal({ merchants: [] })).toEqual(["merchants too_short sandbox"])
  })

  it("at most 10,000 merchants and 4,096 characters a text, each said before anything else is read", () => {
    const many = Array.from({ length: MERCHANTS_FILE_LIMITS.merchants + 1 }, (_, i) => hashed(`merchant-${i}`))
    expect(refusal({ merchants: many })).toEqual(["merchants too_long sandbox"])
    const long = "x".repeat(MERCHANTS_FILE_LIMITS.textLength + 1)
    expect(
      refusal({
        merchants: [
          hashed("merchant-1", { name: long }),
          hashed("merchant-2", { subMerchants: [{ externalCode: "store-1", name: long }], [long]: 1 })
        ]
      })
    ).toEqual([
      "merchants[0].name too_long sandbox",
      "merchants[1].subMerchants[0].name too_long sandbox",
      "merchants[1] too_long sandbox"
    ])
    const lists = Array.from(
      { length: MERCHANTS_FILE_LIMITS.listLength + 1 },
      (_, i) => ({ externalCode: `store-${i}` })
    )
    expect(refusal({ merchants: [hashed("merchant-1", { subMerchants: lists })] })).toEqual([
      "merchants[0].subMerchants too_long sandbox"
    ])
    expect(refusedIssues({ merchants: [hashed("merchant-1", { name: long })] })[0]!.message).toBe(
      `must have at most 4,096 characters, got ${long.length.toLocaleString("en")}`
    )
  })

  it("a file larger than 32 MiB is refused unread, in one line", () => {
    const large = join(directory, "large.json")
    writeFileSync(large, "")
    truncateSync(large, MERCHANTS_FILE_LIMITS.bytes + 1)
    try {
      readMerchantsFile(large)
      throw new Error("read")
    } catch (error) {
      expect(error).toBeInstanceOf(MerchantsFileError)
      expect((error as MerchantsFileError).problem).toBe("too_large")
      expect((error as MerchantsFileError).message).toBe(
        `the merchants file ${large} has ${
          (MERCHANTS_FILE_LIMITS.bytes + 1).toLocaleString("en")
        } bytes, more than the 33,554,432 (32 MiB) a merchants file may have`
      )
    }
  })

  it("a UTF-8 byte-order mark at the start of the file is read as what it is, not as JSON", () => {
    const withMark = file("bom.json", `\uFEFF${readFileSync(EXAMPLE, "utf8")}`)
    expect(readMerchantsFile(withMark).map((m) => m.id)).toEqual(["merchant-123", "merchant-456"])
    expect(readMerchantProfile(withMark, "merchant-456").timeZone).toBe("Pacific/Auckland")
  })

  it("plain keys are hashed when the sandbox starts, each counted by onHashProgress", async () => {
    const plain = file(
      "plain.json",
      JSON.stringify({
        merchants: [1, 2, 3].map((n) => ({
          id: `merchant-${n}`,
          apiKey: `sk_plain_${n}_0123456789`,
          currencies: [{ currencyCode: "AUD" }]
        }))
      })
    )
    const progress: Array<[number, number]> = []
    const running = await startSandbox({
      merchants: plain,
      port: 0,
      onHashProgress: (hashedKeys, total) => progress.push([hashedKeys, total])
    })
    try {
      expect(progress).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]])
      const authorization = `Basic ${Buffer.from("merchant-2:sk_plain_2_0123456789").toString("base64")}`
      expect((await fetch(`${running.url}/sandbox/clock`, { headers: { authorization } })).status).toBe(200)
    } finally {
      await running.close()
    }
  })

  it("DEMO_MERCHANTS, which `payment-plan serve` starts without a merchants file, are examples/sandbox-merchants.json", () => {
    expect(DEMO_MERCHANTS).toEqual(JSON.parse(readFileSync(EXAMPLE, "utf8")))
    // a merchants file as its type says (the constant is typed by its value, to stay below the merchants' module)
    expect(loadMerchants(DEMO_MERCHANTS).map((m) => m.id)).toEqual(["merchant-123", "merchant-456"])
  })
})
