/**
 * The hosted page's controller: everything the page does, without the DOM.
 * It loads the checkout from the customer-facing JSON API, asks for the terms
 * of each cadence for the deposit entered, lets the customer choose, pays the
 * first payment of the schedule shown with the request that computed it
 * (payment.ts), cancels, and sends the customer back to the merchant. What it
 * shows goes to a {@link PageView} as plain data (screen.ts); what it needs of
 * the browser comes in a {@link PageEnvironment}. dom/view.ts draws the view
 * and wires the controls; test/adapters/sandbox/widget/controller.test.ts runs
 * every transition in Node against fakes of both.
 *
 * @module
 */
// Over 400 lines: the hosted page's controller, one state machine of everything the page does.
import { toDecimalText } from "../../../core/foundation/money.ts"
import { formatMinor, minorOf, minorOfText, type PageCurrency } from "./money.ts"
import {
  type Cadence,
  type Choice,
  FREQUENCIES,
  isPlanType,
  type PlanTermsRequest,
  planTermsRequest,
  type PlanType,
  timeOf
} from "./page.ts"
import { canPay, completionBody, isAcceptable, payButtonText, type Terms } from "./payment.ts"
import {
  httpUrl,
  type PageConfig,
  type Received,
  type WidgetCheckout,
  type WidgetError,
  type WidgetPlanTerms
} from "./protocol.ts"
import {
  type CadenceOption,
  cadenceOptions,
  type CheckoutData,
  type MilestonesView,
  milestonesView,
  type OrderView,
  orderView,
  type ScheduleView,
  scheduleView
} from "./screen.ts"

/** How a message reads: a refusal or a success. */
export type Tone = "bad" | "good"

/** The deposit field's attributes; only those given change. */
export interface DepositField {
  readonly step?: string
  readonly min?: string
  readonly max?: string
  readonly value?: string
  readonly readOnly?: boolean
  readonly disabled?: boolean
  /** the currency code beside its label */
  readonly currency?: string
}

/** The two buttons. */
export interface Buttons {
  readonly pay: { readonly text: string; readonly disabled: boolean }
  readonly cancelDisabled: boolean
}

/** What the page draws. Each call replaces what that part showed. */
export interface PageView {
  /** The banner (empty text hides it), with a link to follow. */
  readonly message: (text: string, tone?: Tone, link?: string) => void
  /** The checkout's part of the page, shown once the checkout loaded. */
  readonly app: (shown: boolean) => void
  readonly order: (order: OrderView) => void
  readonly milestones: (milestones: MilestonesView) => void
  /** The plan's part (deposit and cadences); hidden when nothing can be paid any more. */
  readonly plan: (shown: boolean) => void
  readonly deposit: (field: DepositField) => void
  readonly depositRange: (text: string) => void
  /** What is wrong with the deposit entered; empty when nothing is. */
  readonly depositError: (text: string) => void
  readonly cadences: (options: ReadonlyArray<CadenceOption>) => void
  readonly schedule: (schedule: ScheduleView) => void
  readonly buttons: (buttons: Buttons) => void
  /** What is wrong with the card number (the field then takes the focus); empty when nothing is. */
  readonly cardError: (text: string) => void
  /** Nothing more can be chosen: the deposit and the cadences are disabled. */
  readonly lock: () => void
}

/** An answer of `fetch`, as far as the controller reads it. */
export interface FetchedResponse {
  readonly status: number
  readonly ok: boolean
  readonly text: () => Promise<string>
}

/** What the controller needs of the browser. */
export interface PageEnvironment {
  /** The window's `fetch`. */
  readonly fetch: (
    url: string,
    init: { readonly method: string; readonly headers: Record<string, string>; body?: string }
  ) => Promise<FetchedResponse>
  /** The customer's time zone (the browser's): the plan's dates and the offer's expiry. */
  readonly timeZone: string
  /** The browser's clock: "today" when the checkout does not say. */
  readonly now: () => number
  /** Runs `run` after `ms` milliseconds; what it returns cancels it. */
  readonly later: (run: () => void, ms: number) => () => void
  /** The page's address: a relative redirect is resolved against it. */
  readonly href: string
  /** Sends the customer back to the merchant at `url` (an http(s) URL). */
  readonly leave: (url: string) => void
}

/** The page's state: what was loaded, chosen and computed, and where the flow is. */
export interface PageState {
  data: CheckoutData
  currency: PageCurrency
  planType: PlanType | undefined
  /** The chosen deposit in minor units; null while there is none (or it is invalid). */
  deposit: number | null
  range: { readonly min: number; readonly max: number } | null
  /** The terms shown for each cadence, and the request that computed them (what paying sends). */
  terms: Partial<Record<Cadence, Terms>>
  requests: Partial<Record<Cadence, PlanTermsRequest>>
  frequency: Cadence | null
  /** numbers the calculations: an answer to an older one is dropped */
  seq: number
  busy: boolean
  closed: boolean
  leaving: boolean
  /** cancels the calculation waiting for the customer to stop typing */
  pending: (() => void) | undefined
}

/** What the customer can do, as the controls call it. */
export interface PageController {
  /** Loads the checkout; resolves once it is shown (and its terms computed). */
  readonly load: () => Promise<void>
  readonly chooseCadence: (cadence: Cadence) => void
  /** The deposit field's text changed (typed, or changed). */
  readonly typeDeposit: (text: string) => void
  /** The form was submitted with this card number: pays when paying is possible. */
  readonly submit: (card: string) => Promise<void>
  readonly cancel: () => Promise<void>
  /** The state, for tests. */
  readonly state: Readonly<PageState>
}

/** What every step works with: the page's state, and what the page was given. */
interface Page extends PageState {
  readonly config: PageConfig
  readonly env: PageEnvironment
  readonly view: PageView
}

interface Answer<A> {
  readonly status: number
  readonly ok: boolean
  readonly body: A | null
}

const UNREACHABLE = "The sandbox could not be reached. Check that it is running and try again."
/** How long the deposit field waits for the customer to stop typing before asking for terms. */
export const TYPING_PAUSE_MS = 250

// ---------------------------------------------------------------------------
// The API and the parts every step shares

/** Calls the page's API: the answer's status and its JSON body, read as {@link Received}. */
const call = async <A>(
  page: Page,
  method: "GET" | "POST",
  path: string,
  body?: unknown
): Promise<Answer<Received<A>>> => {
  const { config, env } = page
  const url = config.baseUrl + config.apiPath + encodeURIComponent(config.checkoutId) + path
  const headers: Record<string, string> = { accept: "application/json" }
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers }
  if (body !== undefined) {
    headers["content-type"] = "application/json"
    init.body = JSON.stringify(body)
  }
  const response = await env.fetch(url, init)
  const text = await response.text()
  let json: Received<A> | null
  try {
    json = text ? JSON.parse(text) as Received<A> : null
  } catch {
    json = null
  }
  return { status: response.status, ok: response.ok, body: json }
}

const say = (page: Page, text: string, tone?: Tone): void => page.view.message(text, tone)

const cadences = (page: Page): ReadonlyArray<Cadence> => page.planType === "PayInFull" ? ["PayInFull"] : FREQUENCIES

const updateButtons = (page: Page): void => {
  const terms = page.frequency ? page.terms[page.frequency] : undefined
  page.view.buttons({
    pay: {
      // the amount of the schedule shown, which is what paying charges (R5.2, R6.9)
      text: payButtonText(terms, page.currency, page.planType === "PayInFull"),
      disabled: page.closed || page.busy || !canPay(terms, page.deposit, page.currency.digits)
    },
    cancelDisabled: page.leaving
  })
}

// Nothing more can be paid; cancelling stays possible so the customer can return to the merchant.
const close = (page: Page, text: string, tone?: Tone): void => {
  page.closed = true
  page.busy = false
  say(page, text, tone)
  page.view.lock()
  updateButtons(page)
}

const go = (page: Page, url: unknown, text: string, tone?: Tone): void => {
  const next = httpUrl(url, page.env.href)
  page.closed = true
  page.leaving = true
  updateButtons(page)
  if (next === null) return say(page, "The merchant's return address is not valid.", "bad")
  page.view.message(text, tone, next)
  page.env.leave(next)
}

const unreachable = (page: Page, step: "busy" | "leaving"): void => {
  page[step] = false
  say(page, UNREACHABLE, "bad")
  updateButtons(page)
}

// The sandbox's "now" as the checkout knows it (its test clock), else the browser's.
const today = (page: Page): number => {
  const checkout = page.data.checkout ?? {}
  const t = timeOf(checkout.createdAt ?? checkout.created)
  return Number.isFinite(t) ? t : page.env.now()
}

const showOptions = (page: Page): void => {
  page.view.cadences(
    cadenceOptions(cadences(page), page.terms, page.frequency, page.currency, page.closed, isAcceptable)
  )
}

const showSchedule = (page: Page): void => {
  const terms = page.frequency ? page.terms[page.frequency] : undefined
  page.view.schedule(scheduleView(terms, page.data, page.currency, today(page)))
}

// ---------------------------------------------------------------------------
// Terms: asked for every cadence at once, for the deposit entered

const choice = (page: Page, frequency: Cadence, deposit: number | null): Choice => ({
  planType: page.planType,
  frequency: frequency === "PayInFull" ? null : frequency,
  deposit,
  digits: page.currency.digits,
  timeZone: page.env.timeZone
})

/** The deposit's range (R6.4) and, when the customer has not entered one, the default deposit the terms chose. */
const showDeposit = (page: Page, first: Terms, depositMinor: number | null): void => {
  const { view } = page
  const digits = page.currency.digits
  const money = (minor: number) => formatMinor(minor, page.currency)
  if (page.planType === "PayInFull") {
    // R6.8: the whole cost today, so there is no range to choose from
    view.depositRange("Paid in full today.")
  } else if (first.deposit?.range) {
    const min = minorOf(first.deposit.range.min, digits)
    const max = minorOf(first.deposit.range.max, digits)
    if (min !== null && max !== null) {
      page.range = { min, max }
      view.deposit({ min: toDecimalText(min, digits), max: toDecimalText(max, digits) })
      view.depositRange(`Between ${money(min)} and ${money(max)}.`)
    }
  }
  if (depositMinor === null && first.deposit) {
    page.deposit = minorOf(first.deposit.amount, digits)
    if (page.deposit !== null) view.deposit({ value: toDecimalText(page.deposit, digits) })
  }
}

/** The terms arrived: each cadence's, and the request that computed it (what paying sends). */
const termsArrived = (
  page: Page,
  options: ReadonlyArray<Cadence>,
  requests: ReadonlyArray<PlanTermsRequest>,
  answers: ReadonlyArray<Answer<Received<WidgetPlanTerms & WidgetError>>>,
  depositMinor: number | null
): void => {
  page.terms = {}
  page.requests = {}
  options.forEach((cadence, i) => {
    page.terms[cadence] = answers[i]!.body ?? {}
    page.requests[cadence] = requests[i]!
  })
  showDeposit(page, answers[0]?.body ?? {}, depositMinor)
  if (!page.frequency || !page.terms[page.frequency]) {
    page.frequency = options.find((cadence) => isAcceptable(page.terms[cadence])) ?? options[0]!
  }
  showOptions(page)
  showSchedule(page)
  updateButtons(page)
}

/** Asks for the terms of every cadence for `depositMinor` (null: the default deposit, R6.4). */
const compute = async (page: Page, depositMinor: number | null): Promise<void> => {
  const seq = ++page.seq
  page.busy = true
  updateButtons(page)
  const options = cadences(page)
  const requests = options.map((cadence) =>
    planTermsRequest(page.config.checkoutId, choice(page, cadence, depositMinor))
  )
  let answers: Array<Answer<Received<WidgetPlanTerms & WidgetError>>>
  try {
    answers = await Promise.all(
      requests.map((request) => call<WidgetPlanTerms & WidgetError>(page, "POST", "/plan-terms", request))
    )
  } catch {
    if (seq !== page.seq) return
    page.busy = false
    return unreachable(page, "busy")
  }
  // an answer to an older calculation: the newer one shows its own
  if (seq !== page.seq) return
  page.busy = false
  const failed = answers.find((answer) => !answer.ok)
  if (failed) {
    if (failed.status === 410) return close(page, "This checkout has expired and can no longer be completed.", "bad")
    const message = failed.body?.message
    say(page, `The plan could not be calculated${message ? `: ${String(message)}` : "."}`, "bad")
    return updateButtons(page)
  }
  termsArrived(page, options, requests, answers, depositMinor)
}

// ---------------------------------------------------------------------------
// The customer's choices

const depositProblem = (page: Page, minor: number | null): string => {
  const { currency, range } = page
  const digits = currency.digits
  const money = (minor: number) => formatMinor(minor, currency)
  if (minor === null) return `Enter an amount with at most ${digits} decimal place${digits === 1 ? "" : "s"}.`
  if (range && minor < range.min) return `The deposit must be at least ${money(range.min)}.`
  if (range && minor > range.max) return `The deposit must be at most ${money(range.max)}.`
  return ""
}

/** The deposit entered changed: refused at once, else its terms asked for once the customer pauses. */
const typeDeposit = (page: Page, text: string): void => {
  const minor = minorOfText(text, page.currency.digits)
  const problem = depositProblem(page, minor)
  page.view.depositError(problem)
  if (problem) {
    page.pending?.()
    page.deposit = null
    // a calculation under way is for a deposit no longer entered
    page.seq++
    page.busy = false
    return updateButtons(page)
  }
  // the same amount again (a change event after input): keep the calculation already under way
  if (minor === page.deposit) return
  page.pending?.()
  page.deposit = minor
  page.busy = true
  updateButtons(page)
  page.pending = page.env.later(() => void compute(page, minor), TYPING_PAUSE_MS)
}

const chooseCadence = (page: Page, cadence: Cadence): void => {
  page.frequency = cadence
  showSchedule(page)
  updateButtons(page)
}

// ---------------------------------------------------------------------------
// Paying and cancelling

/** The card number without spaces and dashes, or null (the field says why) when it is not 12 to 19 digits. */
const cardNumber = (page: Page, text: string): string | null => {
  const number = text.replace(/[\s-]/g, "")
  const valid = /^\d{12,19}$/.test(number)
  page.view.cardError(valid ? "" : "Enter a card number of 12 to 19 digits.")
  return valid ? number : null
}

/** What the completion answered, other than a plan or a decline: said, and recomputed when the terms changed. */
const refused = async (page: Page, body: Received<WidgetError>): Promise<void> => {
  const issues = Array.isArray(body.issues) ? body.issues : []
  if (issues.some((i) => i?.path === "firstPayment")) {
    // the terms changed since they were shown (the sandbox's clock moved on): nothing was charged
    say(page, "The amount due today has changed. Check the new schedule and pay again.", "bad")
    return compute(page, page.deposit)
  }
  const message = typeof body.message === "string" ? body.message : ""
  const details = issues.map((i) => (i?.path ? `${String(i.path)}: ` : "") + String(i?.message ?? i?.code))
  say(
    page,
    (message || "The payment could not be processed.") + (details.length ? ` ${details.join("; ")}` : ""),
    "bad"
  )
  updateButtons(page)
}

const pay = async (page: Page, card: string): Promise<void> => {
  const number = cardNumber(page, card)
  if (number === null) return
  // the request of the terms shown and their first payment: what the button says is what is charged
  const shown = page.frequency
  const completion = shown ?
    completionBody(number, page.requests[shown], page.terms[shown], page.currency.digits) :
    null
  if (completion === null) return
  page.busy = true
  updateButtons(page)
  say(page, "Processing your payment…")
  const answer = await call<WidgetError>(page, "POST", "/complete", completion).catch(() => null)
  if (answer === null) return unreachable(page, "busy")
  const body = answer.body ?? {}
  const message = typeof body.message === "string" ? body.message : ""
  switch (answer.status) {
    case 200:
      return go(page, body.redirectUrl, "Payment accepted. Your plan is set up; returning you to the merchant…", "good")
    case 402:
      return go(page, body.redirectUrl, `${message || "Your card was declined."} Returning you to the merchant…`, "bad")
    case 410:
      return close(page, "This checkout has expired and can no longer be completed.", "bad")
    case 409:
      return close(page, "This checkout has already been completed or cancelled.", "bad")
  }
  page.busy = false
  return refused(page, body)
}

const payable = (page: Page): boolean => {
  const terms = page.frequency ? page.terms[page.frequency] : undefined
  return !page.closed && !page.busy && canPay(terms, page.deposit, page.currency.digits)
}

const cancel = async (page: Page): Promise<void> => {
  page.leaving = true
  updateButtons(page)
  const answer = await call<WidgetError>(page, "POST", "/cancel", {}).catch(() => null)
  if (answer === null) return unreachable(page, "leaving")
  const body = answer.body ?? {}
  if (answer.ok) return go(page, body.redirectUrl, "Checkout cancelled; returning you to the merchant…")
  page.leaving = false
  if (answer.status === 410) return close(page, "This checkout has expired.", "bad")
  if (answer.status === 409) return close(page, "This checkout has already been completed or cancelled.", "bad")
  say(
    page,
    typeof body.message === "string" && body.message ? body.message : "The checkout could not be cancelled.",
    "bad"
  )
  updateButtons(page)
}

// ---------------------------------------------------------------------------
// Loading

/** A checkout the customer can no longer pay: expired, or already finished (declined, cancelled, completed). */
const finished = (page: Page, data: CheckoutData): boolean => {
  const status = String(data.status ?? "")
  if (data.expired || /^expired$/i.test(status)) {
    close(page, "This checkout has expired and can no longer be completed. Ask the merchant for a new one.", "bad")
  } else if (/^(completed|rejected|cancelled|canceled)$/i.test(status)) {
    page.leaving = true
    close(
      page,
      /^completed$/i.test(status)
        ? "This checkout is already completed."
        : "This checkout was already declined or cancelled.",
      "bad"
    )
  } else return false
  page.view.plan(false)
  return true
}

/** The checkout arrived: its order and milestones shown, the deposit field set for its currency. */
const show = (page: Page, data: CheckoutData & { readonly currency: NonNullable<CheckoutData["currency"]> }): void => {
  const { view } = page
  page.data = data
  page.currency = {
    currencyCode: String(data.currency.currencyCode || data.checkout?.currencyCode || ""),
    digits: Number(data.currency.digits) || 0
  }
  page.planType = isPlanType(data.checkout?.planType) ? data.checkout.planType : undefined
  const digits = page.currency.digits
  view.deposit({ step: digits > 0 ? toDecimalText(1, digits) : "1", currency: page.currency.currencyCode })
  view.app(true)
  view.order(orderView(data, page.currency, page.env.timeZone))
  view.milestones(milestonesView(data, page.currency, today(page)))
  if (page.planType === "PayInFull") view.deposit({ readOnly: true })
}

const load = async (page: Page): Promise<void> => {
  const answer = await call<WidgetCheckout>(page, "GET", "").catch(() => null)
  if (answer === null) return say(page, UNREACHABLE, "bad")
  const data: CheckoutData | null = answer.body
  if (!answer.ok || !data?.currency) {
    page.view.app(false)
    return say(
      page,
      answer.status === 404
        ? "This checkout does not exist."
        : `This checkout could not be loaded (status ${answer.status}).`,
      "bad"
    )
  }
  show(page, { ...data, currency: data.currency })
  if (finished(page, data)) return
  return compute(page, null)
}

/** The page's initial state: nothing loaded, busy until the first terms arrive. */
const initialState = (): PageState => ({
  data: {},
  currency: { currencyCode: "", digits: 0 },
  planType: undefined,
  deposit: null,
  range: null,
  terms: {},
  requests: {},
  frequency: null,
  seq: 0,
  busy: true,
  closed: false,
  leaving: false,
  pending: undefined
})

/**
 * The controller of the page `config` names, drawing on `view` with what
 * `env` gives of the browser: `load()`, then the customer's `chooseCadence`,
 * `typeDeposit`, `submit` or `cancel`. Not a public export: dom/view.ts's
 * `start` calls it with the browser's window and the DOM view, and
 * test/adapters/sandbox/widget/controller.test.ts with a recording view and
 * the sandbox in-process (its `loadedPage` shows the wiring), so no example
 * here stands alone.
 */
export const pageController = (config: PageConfig, env: PageEnvironment, view: PageView): PageController => {
  const page: Page = { ...initialState(), config, env, view }
  return {
    load: () => load(page),
    chooseCadence: (cadence) => chooseCadence(page, cadence),
    typeDeposit: (text) => typeDeposit(page, text),
    submit: (card) => (payable(page) ? pay(page, card) : Promise.resolve()),
    cancel: () => cancel(page),
    state: page
  }
}
