/**
 * The client's method types, written out by hand: the Effect service and the Promise client are
 * derived from the core's route table, and this pins what that derivation must give (each
 * method's parameters, their names' optionality, its answer and, for the Effect form, its error
 * channel), so a change to the table that changes a public signature fails `npm run typecheck`.
 * Nothing here runs.
 */
import type * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import { expectTypeOf } from "vitest"
import type {
  CallError,
  CallOptions,
  Client,
  CreateCheckoutOutcome,
  CreatedCheckout,
  InvalidRedirectError,
  ListedPlanNote,
  PaymentPlanClientApi,
  RequestOptions,
  SearchedPlan,
  VerifiedCheckout,
  VerifyExpectations
} from "../../../src/adapters/client/index.ts"
import type { PlanNotesParams } from "../../../src/core/plan/notes.ts"
import type { PlanSearchParams } from "../../../src/core/search/index.ts"
import type { CheckoutVerificationResponse } from "../../../src/core/verification/index.ts"
import type {
  CancelPlanRequest,
  CancelPlanResponse,
  CheckoutRequest,
  MerchantConfigurationResponse,
  PlanNotesResponse,
  PlanResponse,
  PlanSearchResponse,
  PlanTermsRequest,
  PlanTermsResponse,
  RefundCalculationResponse,
  SetMerchantOrderRequest,
  SetMerchantOrderResponse
} from "../../../src/index.ts"

type Redirect = string | URL | URLSearchParams

// The Promise client
expectTypeOf<Client["baseUrl"]>().toEqualTypeOf<string>()
expectTypeOf<Client["merchantId"]>().toEqualTypeOf<string>()
expectTypeOf<Client["effect"]>().toEqualTypeOf<PaymentPlanClientApi>()
expectTypeOf<Client["createCheckout"]>().toEqualTypeOf<
  (request: CheckoutRequest, options?: RequestOptions) => Promise<CreateCheckoutOutcome>
>()
expectTypeOf<Client["retrieveCheckout"]>().toEqualTypeOf<
  (checkoutId: string, options?: RequestOptions) => Promise<CheckoutVerificationResponse>
>()
expectTypeOf<Client["verifyCheckout"]>().toEqualTypeOf<
  (redirect: Redirect, expected?: VerifyExpectations, options?: RequestOptions) => Promise<VerifiedCheckout>
>()
expectTypeOf<Client["computePlanTerms"]>().toEqualTypeOf<
  (request: PlanTermsRequest, options?: RequestOptions) => Promise<PlanTermsResponse>
>()
expectTypeOf<Client["retrievePlan"]>().toEqualTypeOf<
  (planId: string, options?: RequestOptions) => Promise<PlanResponse>
>()
expectTypeOf<Client["setMerchantOrder"]>().toEqualTypeOf<
  (request: SetMerchantOrderRequest, options?: RequestOptions) => Promise<SetMerchantOrderResponse>
>()
expectTypeOf<Client["searchPlans"]>().toEqualTypeOf<
  (query?: PlanSearchParams, options?: RequestOptions) => Promise<PlanSearchResponse>
>()
expectTypeOf<Client["calculateRefund"]>().toEqualTypeOf<
  (planId: string, options?: RequestOptions) => Promise<RefundCalculationResponse>
>()
expectTypeOf<Client["listPlanNotes"]>().toEqualTypeOf<
  (query: PlanNotesParams, options?: RequestOptions) => Promise<PlanNotesResponse>
>()
expectTypeOf<Client["cancelPlan"]>().toEqualTypeOf<
  (request: CancelPlanRequest, options?: RequestOptions) => Promise<CancelPlanResponse>
>()
expectTypeOf<Client["getMerchantConfiguration"]>().toEqualTypeOf<
  (options?: RequestOptions) => Promise<MerchantConfigurationResponse>
>()

// The Effect service
expectTypeOf<PaymentPlanClientApi["baseUrl"]>().toEqualTypeOf<string>()
expectTypeOf<PaymentPlanClientApi["merchantId"]>().toEqualTypeOf<string>()
expectTypeOf<PaymentPlanClientApi["createCheckout"]>().toEqualTypeOf<
  (request: CheckoutRequest, options?: CallOptions) => Effect.Effect<CreatedCheckout, CallError>
>()
expectTypeOf<PaymentPlanClientApi["retrieveCheckout"]>().toEqualTypeOf<
  (checkoutId: string, options?: CallOptions) => Effect.Effect<CheckoutVerificationResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["verifyCheckout"]>().toEqualTypeOf<
  (
    redirect: Redirect,
    expected?: VerifyExpectations,
    options?: CallOptions
  ) => Effect.Effect<VerifiedCheckout, CallError | InvalidRedirectError>
>()
expectTypeOf<PaymentPlanClientApi["computePlanTerms"]>().toEqualTypeOf<
  (request: PlanTermsRequest, options?: CallOptions) => Effect.Effect<PlanTermsResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["retrievePlan"]>().toEqualTypeOf<
  (planId: string, options?: CallOptions) => Effect.Effect<PlanResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["setMerchantOrder"]>().toEqualTypeOf<
  (request: SetMerchantOrderRequest, options?: CallOptions) => Effect.Effect<SetMerchantOrderResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["searchPlans"]>().toEqualTypeOf<
  (query?: PlanSearchParams, options?: CallOptions) => Effect.Effect<PlanSearchResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["calculateRefund"]>().toEqualTypeOf<
  (planId: string, options?: CallOptions) => Effect.Effect<RefundCalculationResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["listPlanNotes"]>().toEqualTypeOf<
  (query: PlanNotesParams, options?: CallOptions) => Effect.Effect<PlanNotesResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["cancelPlan"]>().toEqualTypeOf<
  (request: CancelPlanRequest, options?: CallOptions) => Effect.Effect<CancelPlanResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["getMerchantConfiguration"]>().toEqualTypeOf<
  (options?: CallOptions) => Effect.Effect<MerchantConfigurationResponse, CallError>
>()
expectTypeOf<PaymentPlanClientApi["searchAllPlans"]>().toEqualTypeOf<
  (query?: PlanSearchParams, options?: CallOptions) => Stream.Stream<SearchedPlan, CallError>
>()
expectTypeOf<PaymentPlanClientApi["listAllPlanNotes"]>().toEqualTypeOf<
  (query: PlanNotesParams, options?: CallOptions) => Stream.Stream<ListedPlanNote, CallError>
>()
expectTypeOf<Client["searchAllPlans"]>().toEqualTypeOf<
  (query?: PlanSearchParams, options?: RequestOptions) => AsyncIterable<SearchedPlan>
>()
expectTypeOf<Client["listAllPlanNotes"]>().toEqualTypeOf<
  (query: PlanNotesParams, options?: RequestOptions) => AsyncIterable<ListedPlanNote>
>()
expectTypeOf<SearchedPlan>().toEqualTypeOf<NonNullable<PlanSearchResponse["plans"]>[number]>()
expectTypeOf<ListedPlanNote>().toEqualTypeOf<NonNullable<PlanNotesResponse["planNotes"]>[number]>()

// The two faces have the same methods (the Promise client adds `effect`).
expectTypeOf<keyof PaymentPlanClientApi>().toEqualTypeOf<Exclude<keyof Client, "effect">>()
