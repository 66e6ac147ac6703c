/**
 * The fields of a plan summary a search can filter and sort by, with the type
 * that decides how their values compare (numbers numerically, dates
 * chronologically, strings as text).
 *
 * @since 0.1.0
 */

/**
 * How a field's values compare.
 *
 * @since 0.1.0
 */
export type FieldType = "string" | "number" | "date"

/**
 * Every field of the plan summary a search can name in `filterField` or
 * `sortField`; nested objects by dotted paths (`user.emailAddress`).
 * Arrays (`items`, `installments`) are not searchable.
 *
 * @since 0.1.0
 */
export const SEARCH_FIELDS: Readonly<Record<string, FieldType>> = {
  id: "string",
  status: "string",
  installmentFrequency: "string",
  cadenceOnDayOfWeek: "string",
  cadenceOnDayOfMonth: "number",
  cancellationReason: "string",
  cancellationDetails: "string",
  checkoutType: "string",
  planType: "string",
  merchantId: "string",
  currencyCode: "string",
  pausePaymentUntil: "date",
  timeZone: "string",
  serviceFeePercentage: "number",
  createdAt: "date",
  updatedAt: "date",
  minimumDepositAmount: "number",
  merchantOrderId: "string",
  subMerchantId: "string",
  createdByUserId: "string",
  checkoutUrl: "string",
  totalPaid: "number",
  remainingBalance: "number",
  totalInstallments: "number",
  totalPaidInstallments: "number",
  nextInstallmentNumber: "number",
  completionDate: "date",
  "user.id": "string",
  "user.emailAddress": "string",
  "user.phoneNumber": "string",
  "user.firstName": "string",
  "user.lastName": "string",
  "user.status": "string",
  "user.createdAt": "date",
  "createdByUser.id": "string",
  "createdByUser.emailAddress": "string",
  "createdByUser.phoneNumber": "string",
  "createdByUser.firstName": "string",
  "createdByUser.lastName": "string",
  "createdByUser.status": "string",
  "createdByUser.createdAt": "date",
  "merchant.id": "string",
  "merchant.name": "string",
  "subMerchant.externalCode": "string"
}

/**
 * Reads a field of a summary by its (possibly dotted) path; `undefined` where a
 * step is missing or not an object.
 *
 * @internal
 */
export const fieldGetter = (field: string): (summary: unknown) => unknown => {
  const dot = field.indexOf(".")
  if (dot < 0) return (s) => (s as Record<string, unknown>)[field]
  const outer = field.slice(0, dot)
  const inner = field.slice(dot + 1)
  return (s) => {
    const o = (s as Record<string, unknown>)[outer]
    return typeof o === "object" && o !== null ? (o as Record<string, unknown>)[inner] : undefined
  }
}

const MS_PER_DAY = 86_400_000

/**
 * The UTC calendar day of epoch milliseconds.
 *
 * @internal
 */
export const utcDay = (ms: number): number => Math.floor(ms / MS_PER_DAY)
