import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CheckoutResponse } from "../../src/core/checkout/response.ts"
import { MerchantConfigurationResponse } from "../../src/core/merchant/configuration.ts"
import { PlanTermsRequest, PlanTermsResponse } from "../../src/core/plan-terms/index.ts"
import {
  PlanResponse,
  PlanSummaryResponse,
  SetMerchantOrderRequest,
  SetMerchantOrderResponse
} from "../../src/core/plan/index.ts"
import { PlanNotesResponse } from "../../src/core/plan/notes.ts"
import { RefundCalculationResponse } from "../../src/core/refund/calculation.ts"
import { CancelPlanRequest, CancelPlanResponse } from "../../src/core/refund/cancel.ts"
import { PlanSearchQuery, PlanSearchResponse } from "../../src/core/search/index.ts"
import { CheckoutVerificationResponse } from "../../src/core/verification/index.ts"
import { ErrorBodyResponse } from "../../src/core/wire/error-response.ts"
import { decodeIssues } from "../decode.ts"

const decode = <S extends Schema.Top>(schema: S) => (input: unknown) =>
  Schema.decodeUnknownResult(schema as any)(input, { errors: "all" }) as Result.Result<any, any>

describe("responses are read tolerantly (R9)", () => {
  it("keeps unlisted enum values and unknown properties, reads numbers sent as strings", () => {
    const plan = decode(PlanResponse)({
      id: "plan_1",
      status: "Paused",
      totalCost: "1100.50",
      numPaidInstallments: "3",
      loyaltyTier: { level: "gold" },
      currency: { currencyCode: "AUD", minimumPaymentAmount: "1", extra: true },
      installments: [{ installmentNumber: 1, status: "REFUNDED", amount: "50" }],
      userPaymentMethod: { default: "true", expMonth: "12" },
      merchant: null
    })
    expect(Result.isSuccess(plan)).toBe(true)
    const value = Result.getOrThrow(plan)
    expect(value.status).toBe("Paused")
    expect(value.totalCost).toBe(1100.5)
    expect(value.numPaidInstallments).toBe(3)
    expect(value.loyaltyTier).toEqual({ level: "gold" })
    expect(value.currency).toEqual({ currencyCode: "AUD", minimumPaymentAmount: 1, extra: true })
    expect(value.installments[0]).toEqual({ installmentNumber: 1, status: "REFUNDED", amount: 50 })
    expect(value.userPaymentMethod).toEqual({ default: true, expMonth: 12 })
    expect(value.merchant).toBeNull()
  })

  it("still refuses what cannot be read as the field's type", () => {
    const result = decode(PlanResponse)({ id: "plan_1", totalCost: "lots" })
    expect(Result.isFailure(result)).toBe(true)
    expect(Result.isFailure(decode(CheckoutVerificationResponse)({ plan: {} }))).toBe(true) // no id
  })

  it("reads every response of the service description", () => {
    const samples: Array<[Schema.Top, unknown]> = [
      [CheckoutResponse, {
        id: "chk_1",
        created: "2026-11-22T00:00:00Z",
        merchantId: "merchant-123",
        merchantOrderId: "o1",
        totalCost: 1100,
        totalMinimumDeposit: 280,
        completionDate: "2027-02-11",
        currencyCode: "AUD",
        redirectURL: "https://shop.example/r",
        planType: "Installment",
        items: [{ id: "item_1", quantity: 2, costPerItem: 50, minimumDepositPerItem: { unit: "Currency", value: 20 } }],
        checkoutWorkflow: { sdkWidget: { type: "iframe", id: "w1", scriptUrl: "https://widget.example/sdk.js" } },
        createdAt: "2026-11-22T00:00:00Z"
      }],
      [CheckoutVerificationResponse, {
        id: "chk_1",
        plan: {
          id: "p1",
          deposit: { amount: 280, status: "accepted" },
          instalments: { amount: 102.5, count: 8, cadence: { frequency: "fortnightly", on: { dayOfWeek: "Monday" } } },
          currencyCode: "AUD"
        }
      }],
      [PlanSummaryResponse, {
        id: "p1",
        currencyCode: "AUD",
        remainingBalance: 820,
        totalInstallments: 8,
        subMerchant: { externalCode: "store-north" },
        merchant: { id: "m", name: "Shop" }
      }],
      [PlanNotesResponse, {
        pinnedPlanNote: { id: "n1", note: "VIP", isPinned: true },
        planNotes: [],
        meta: { rowCount: 1, pageSize: 10, offset: 0 },
        links: { self: "/notes?pageOffset=0" }
      }],
      [PlanSearchResponse, { nextCursor: null, totalRowCount: "1", plans: [{ id: "p1" }] }],
      [RefundCalculationResponse, {
        planTotalCost: 1100,
        totalPaymentsPaid: 380,
        totalNonRefundableAmount: 290,
        suggestedRefundAmount: 90,
        currencyCode: "AUD",
        items: [{
          id: "i1",
          name: "Ticket",
          quantity: 2,
          costPerItem: 50,
          totalCost: 100,
          minNonRefundableDeposit: 40,
          nonRefundableAmount: 50,
          activeRefundPolicyIndex: 1,
          refundPolicies: [{
            activeFrom: "2027-01-14T13:00:00.000Z",
            name: "50% refundable within 30 days",
            nonRefundableAmount: 50
          }]
        }]
      }],
      [CancelPlanResponse, { result: "Cancelled" }],
      [SetMerchantOrderResponse, { planId: "p1", merchantOrderId: "o2" }],
      [MerchantConfigurationResponse, {
        defaultPaymentDeadline: 15,
        defaultMinDepositValue: 10,
        defaultMinDepositType: "Percentage",
        currencies: [{
          currencyCode: "JPY",
          isZeroDecimal: true,
          minimumPaymentAmount: 100,
          maximumPaymentAmount: 500000,
          paymentGatewayVariant: "x"
        }],
        gtmId: "GTM-1",
        serviceGAMID: "s",
        merchantGAMID: "m",
        gtmInternalTrackingId: "t"
      }],
      [PlanTermsResponse, {
        type: "plan",
        planType: "Installment",
        deposit: { amount: 280, range: { min: 280, max: 1099 } },
        installments: {
          amount: 102.5,
          remainder: 0,
          count: 8,
          cadence: { frequency: "Weekly", on: { dayOfWeek: "Monday" } },
          validation: []
        },
        totalCost: 1100,
        currencyCode: "AUD",
        redirectURL: "https://shop.example/r"
      }],
      [ErrorBodyResponse, {
        code: "validation_failed",
        message: "Invalid request",
        issues: [{ path: "items[0].quantity", code: "range", message: "must be at least 1" }],
        traceId: "abc"
      }]
    ]
    for (const [schema, sample] of samples) expect(Result.isSuccess(decode(schema)(sample))).toBe(true)
  })
})

describe("requests are read strictly (R4)", () => {
  const strict = (schema: Schema.Top, input: unknown) => decodeIssues(schema, input, { rule: "R4.1" })

  it("cancel-plan request: the eight reasons, a non-negative amount (R7.8)", () => {
    expect(strict(CancelPlanRequest, { planId: "p1", refundableAmount: 90, reason: "CustomerRequest" }).issues).toEqual(
      []
    )
    expect(
      strict(CancelPlanRequest, { planId: "p1", refundableAmount: -1, reason: "Because" }).issues.map((i) =>
        `${i.path}:${i.code}`
      )
    ).toEqual([
      "refundableAmount:range",
      "reason:enum"
    ])
  })

  it("set-merchant-order request: merchantOrderId as on create checkout", () => {
    expect(
      strict(SetMerchantOrderRequest, { planId: "p1", merchantOrderId: "order 2" }).issues.map((i) =>
        `${i.path}:${i.code}`
      )
    ).toEqual([
      "merchantOrderId:pattern"
    ])
  })

  it("plan-terms request: cadence and zone (R6.2, R3.1)", () => {
    const good = {
      checkoutId: "chk_1",
      type: "plan",
      timeZone: "Australia/Sydney",
      deposit: { amount: 300 },
      installments: { cadence: { frequency: "fortnightly", on: { dayOfWeek: "MONDAY" } } }
    }
    expect(strict(PlanTermsRequest, good).issues).toEqual([])
    const bad = {
      checkoutId: "chk_1",
      type: "plan",
      timeZone: "Sydney",
      deposit: { amount: "300" },
      installments: { cadence: { frequency: "Daily", on: { dayOfWeek: "Funday", dayOfMonth: 32 } } }
    }
    expect(strict(PlanTermsRequest, bad).issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "deposit.amount:type",
      "installments.cadence.frequency:enum",
      "installments.cadence.on.dayOfWeek:enum",
      "installments.cadence.on.dayOfMonth:range",
      "timeZone:time_zone"
    ])
  })

  it("plan-search query: the table's bounds and enums", () => {
    expect(
      strict(PlanSearchQuery, { page: 0, limit: 100, sortDirection: "asc", filterOperator: "isNot", status: "Late" })
        .issues
    ).toEqual([])
    expect(strict(PlanSearchQuery, { page: -1, limit: 101, sortDirection: "up", filterOperator: "like", bogus: 1 }))
      .toMatchObject({
        issues: [{ path: "page", code: "range" }, { path: "limit", code: "range" }, {
          path: "sortDirection",
          code: "enum"
        }, { path: "filterOperator", code: "enum" }],
        warnings: [{ path: "bogus", code: "unknown_field" }]
      })
  })
})
