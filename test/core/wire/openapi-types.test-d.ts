/**
 * A drift guard both ways between the OpenAPI document and the client: the
 * types openapi-typescript generates from the document (openapi.generated.ts)
 * and the client's own (the route table's request schemas and its answers)
 * accept the same values, for every operation's request and success answer.
 * `npm run typecheck` checks it; nothing here runs.
 *
 * Both sides are compared as plain data (readonly and `| undefined` on optional
 * fields dropped, arrays mutable): what a value may be, not how TypeScript
 * spells it. One difference is by design: a text field whose values a check
 * limits to a list (`currencyCode`, R4.4; a search's field names) is `string`
 * to the client and that list to the document, which says the check; there the
 * generated type must be the narrower, and both are compared as `string`.
 */
import { expectTypeOf } from "vitest"
import type { ErrorBodyResponse } from "../../../src/core/wire/error-response.ts"
import type { Operation, OperationAnswer, OperationInput, RouteTable } from "../../../src/core/wire/routes.ts"
import type { components, operations } from "./openapi.generated.ts"

/** A type as plain data. */
type Plain<T> = T extends string | number | boolean | null | undefined ? T
  : T extends ReadonlyArray<infer E> ? Array<Plain<E>>
  : T extends object ? { -readonly [K in keyof T]: Plain<Exclude<T[K], undefined>> }
  : T

/** Whether each of two types accepts every value of the other. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** The text fields a check limits to a list (see the module's comment). */
type Listed = "currencyCode" | "sortField" | "filterField"
type Unlisted<T> = { [K in keyof T]: K extends Listed ? string : T[K] }

type Success<K extends Operation> = RouteTable[K] extends { readonly status: 201 } ? 201 : 200

/** What the document says an operation answers on success. */
type GeneratedAnswer<K extends Operation> = operations[K]["responses"] extends
  { readonly [S in Success<K>]: { readonly content: { readonly "application/json": infer Answer } } } ? Answer
  : never

/** Parameters of one place, none being no constraint. */
type Given<P> = [Exclude<P, undefined>] extends [never] ? unknown : Exclude<P, undefined>

/** What the document says an operation's request is: its body, or its path and query parameters together. */
type GeneratedRequest<K extends Operation> = operations[K] extends
  { readonly requestBody: { readonly content: { readonly "application/json": infer Body } } } ? Body
  : Given<operations[K]["parameters"]["path"]> & Given<operations[K]["parameters"]["query"]>

/** What the client checks an operation's request with: the route table's request schema. */
type ClientRequest<K extends Operation> = RouteTable[K] extends { readonly request: { readonly Type: infer T } } ? T
  : never

type RequestsAgree<K extends Operation> = Agree<Plain<Unlisted<GeneratedRequest<K>>>, Plain<Unlisted<ClientRequest<K>>>>
type AnswersAgree<K extends Operation> = Agree<Plain<GeneratedAnswer<K>>, Plain<OperationAnswer<K>>>

/** Every listed field of a generated request is narrower than the client's `string`. */
type ListedNarrower<K extends Operation> = {
  [F in Extract<keyof GeneratedRequest<K>, Listed>]: GeneratedRequest<K>[F] extends string | undefined ? true : false
}

// every request: bodies, parameters
expectTypeOf<RequestsAgree<"createCheckout">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"retrieveCheckout">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"computePlanTerms">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"retrievePlan">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"setMerchantOrder">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"searchPlans">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"calculateRefund">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"listPlanNotes">>().toEqualTypeOf<true>()
expectTypeOf<RequestsAgree<"cancelPlan">>().toEqualTypeOf<true>()
expectTypeOf<ListedNarrower<"createCheckout">>().toEqualTypeOf<{ currencyCode: true }>()
expectTypeOf<ListedNarrower<"searchPlans">>().toEqualTypeOf<{ sortField: true; filterField: true }>()

// a body is the client method's parameter itself
expectTypeOf<Agree<Plain<OperationInput<"createCheckout">[0]>, Plain<ClientRequest<"createCheckout">>>>()
  .toEqualTypeOf<true>()
expectTypeOf<Agree<Plain<OperationInput<"cancelPlan">[0]>, Plain<ClientRequest<"cancelPlan">>>>().toEqualTypeOf<true>()

// every success answer, as the client reads it (R9)
expectTypeOf<AnswersAgree<"createCheckout">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"retrieveCheckout">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"computePlanTerms">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"retrievePlan">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"setMerchantOrder">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"searchPlans">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"calculateRefund">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"listPlanNotes">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"cancelPlan">>().toEqualTypeOf<true>()
expectTypeOf<AnswersAgree<"getMerchantConfiguration">>().toEqualTypeOf<true>()

// the error body
expectTypeOf<
  Agree<
    Plain<components["schemas"]["ErrorBody"]>,
    Plain<ErrorBodyResponse>
  >
>().toEqualTypeOf<true>()

// the guard can fail: a field the client does not have, or lacks, is told apart
expectTypeOf<Agree<Plain<ClientRequest<"cancelPlan"> & { extra: string }>, Plain<ClientRequest<"cancelPlan">>>>()
  .toEqualTypeOf<false>()
