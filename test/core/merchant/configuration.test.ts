/**
 * The one reader of a merchant configuration: tolerant (R9, R10.3),
 * its unknown fields reported (R10.2: a configuration's fields count as data),
 * and a sandbox merchants file refused where one merchant's configuration is
 * expected.
 */
import { Result } from "effect"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { decodeResult, readResult } from "../../../src/core/merchant/configuration.ts"

const sandboxFile = JSON.parse(
  readFileSync(new URL("../../../examples/sandbox-merchants.json", import.meta.url), "utf8")
)

const warningsOf = (input: unknown, path?: string) => {
  const read = readResult(input, path)
  if (Result.isFailure(read)) throw new Error(read.failure.message)
  return read.success.warnings.map((w) => `${w.path}:${w.code}:${w.rule}`)
}

const issuesOf = (input: unknown, path?: string) => {
  const read = readResult(input, path)
  return Result.isFailure(read) ? read.failure.issues : []
}

describe("Merchant.readResult: the one reader of a merchant configuration", () => {
  it("the reported typo: defaultRefundPolicy is an unknown field, reported at merchant.defaultRefundPolicy (R10.2)", () => {
    const merchant = { defaultRefundPolicy: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }] }
    expect(warningsOf(merchant)).toEqual(["merchant.defaultRefundPolicy:unknown_field:R10.2"])
    // the value is still read (R9 keeps unknown fields); no rule reads it
    const read = readResult(merchant)
    expect(Result.isSuccess(read) && read.success.value?.defaultRefundPolicies).toBeUndefined()
  })

  it("reports unknown fields at any depth, under the caller's path, and nothing for a known configuration", () => {
    const merchant = {
      currencies: [{ currencyCode: "AUD", isZeroDecimall: true }],
      defaultRefundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50, note: "x" }],
      subMerchants: ["store-north", { externalCode: "store-south", region: "south" }]
    }
    expect(warningsOf(merchant, "--merchant")).toEqual([
      "--merchant.currencies[0].isZeroDecimall:unknown_field:R10.2",
      "--merchant.defaultRefundPolicies[0].note:unknown_field:R10.2",
      "--merchant.subMerchants[1].region:unknown_field:R10.2"
    ])
    expect(warningsOf(merchant)).toEqual([
      "merchant.currencies[0].isZeroDecimall:unknown_field:R10.2",
      "merchant.defaultRefundPolicies[0].note:unknown_field:R10.2",
      "merchant.subMerchants[1].region:unknown_field:R10.2"
    ])
    const known = {
      defaultPaymentDeadline: 7,
      defaultMinDepositType: "Percentage",
      defaultMinDepositValue: "10",
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, isZeroDecimal: false, paymentGatewayVariant: "x" }],
      gtmId: "",
      serviceGAMID: "",
      merchantGAMID: "",
      gtmInternalTrackingId: "",
      defaultRefundPolicies: [],
      subMerchants: ["store-north"]
    }
    expect(warningsOf(known)).toEqual([])
    expect(warningsOf(undefined)).toEqual([])
  })

  it("reads what the service could answer without refusing it (R9, R10.3): nulls, numbers as text, open enums, ties", () => {
    const answered = {
      defaultPaymentDeadline: null,
      defaultMinDepositType: "Fixed",
      defaultMinDepositValue: "12.5",
      currencies: [{
        currencyCode: "AUD",
        minimumPaymentAmount: "1",
        maximumPaymentAmount: null,
        isZeroDecimal: "false"
      }],
      gtmId: null,
      defaultRefundPolicies: [
        { daysWithinRedemptionDate: 30, refundablePercentage: 10 },
        { daysWithinRedemptionDate: 30, refundablePercentage: 90 }
      ],
      newServiceField: { anything: true }
    }
    const read = readResult(answered)
    expect(Result.isSuccess(read)).toBe(true)
    expect(Result.isSuccess(read) && read.success.value).toMatchObject({
      defaultMinDepositValue: 12.5,
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, isZeroDecimal: false }]
    })
    expect(Result.isSuccess(read) && read.success.warnings.map((w) => w.path)).toEqual(["merchant.newServiceField"])
  })

  it("refuses a sandbox merchants file where one merchant's configuration is expected, saying how to pick one", () => {
    const issues = issuesOf(sandboxFile)
    expect(issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual(["merchant:type:R9"])
    expect(issues[0]!.message).toMatch(/sandbox merchants file/)
    expect(issues[0]!.message).toMatch(/merchant-123, merchant-456/)
    expect(issues[0]!.message).toMatch(/merchants\[0\]/)
    expect(issues[0]!.message).toMatch(/--merchant-id/)
    expect(issuesOf(sandboxFile, "--merchant").map((i) => i.path)).toEqual(["--merchant"])
    // decodeResult is the same reader: refused there too, never read as an empty configuration
    expect(Result.isFailure(decodeResult(sandboxFile))).toBe(true)
  })

  it("one entry of a sandbox file is a configuration; its sandbox-only fields are reported, as no calculation reads them", () => {
    const entry = sandboxFile.merchants[0]
    const read = readResult(entry)
    expect(Result.isSuccess(read)).toBe(true)
    expect(Result.isSuccess(read) && read.success.value?.defaultRefundPolicies?.length).toBe(2)
    expect(warningsOf(entry).map((w) => w.replace(/:unknown_field:R10\.2$/, ""))).toEqual([
      "merchant.id",
      "merchant.name",
      "merchant.apiKey",
      "merchant.merchantGroupId",
      "merchant.timeZone",
      "merchant.companyEmail",
      "merchant.customerSupportEmail",
      "merchant.merchantPageUrl",
      "merchant.countryAlpha3Code"
    ])
  })

  it("remembers a configuration per object: the same object read twice is one decode, its warnings under each path", () => {
    const merchant = { currencies: [], zzTypo: 1 }
    const first = readResult(merchant)
    const second = readResult(merchant, "options.merchant")
    expect(Result.isSuccess(first) && Result.isSuccess(second) && first.success.value === second.success.value).toBe(
      true
    )
    expect(warningsOf(merchant, "options.merchant")).toEqual(["options.merchant.zzTypo:unknown_field:R10.2"])
  })
})
