/**
 * The hosted checkout page's script: browser code, bundled at build time by
 * scripts/build-widget.ts into the page's one inline script.
 *
 * It loads the checkout from the customer-facing JSON API and lets the customer
 * choose a deposit and a cadence, see the schedule and refund milestones, and pay
 * or cancel. Every merchant-provided string reaches the DOM through
 * `textContent` or a text node, never as markup.
 *
 * Money is the core's (R1), in integer minor units (money.ts), so binary
 * floating point never computes an amount. What the customer pays is the first
 * payment of the schedule shown, and paying sends the request that computed it
 * (payment.ts). Dates are the core's calendar dates.
 *
 * @module
 */
import { fromMinorUnits, toDecimalText } from "../../../core/foundation/money.ts"
import { civil, type EpochDay, MS_PER_DAY, parseDate, weekday } from "../../../core/foundation/time/calendar.ts"
import { formatMinor, formatMoney, minorOf, minorOfText, type PageCurrency } from "./money.ts"
import { canPay, completionBody, isAcceptable, payButtonText, type SchedulePayment, type Terms } from "./payment.ts"
import { CONFIG_ELEMENT_ID, httpUrl, type PageConfig, REDIRECT_MESSAGE, type RedirectMessage } from "./protocol.ts"

// ---------------------------------------------------------------------------
// What the page reads from the widget API (tolerantly: any part may be missing)

interface CheckoutItem {
  readonly id?: unknown
  readonly description?: unknown
  readonly sku?: unknown
  readonly quantity?: unknown
  readonly costPerItem?: unknown
  readonly redemptionDate?: unknown
}

interface MilestoneGroup {
  readonly itemId?: unknown
  readonly name?: unknown
  readonly policies?: ReadonlyArray<
    { readonly activeFrom?: unknown; readonly name?: unknown; readonly nonRefundableAmount?: unknown }
  >
}

/** The answer of `GET {apiPath}{checkoutId}`. */
interface WidgetCheckout {
  readonly checkout?: {
    readonly currencyCode?: unknown
    readonly planType?: unknown
    readonly merchantOrderId?: unknown
    readonly createdAt?: unknown
    readonly created?: unknown
    readonly items?: ReadonlyArray<CheckoutItem>
  }
  readonly summary?: {
    readonly totalCost?: unknown
    readonly totalMinimumDeposit?: unknown
    readonly completionDate?: unknown
    readonly expiresAt?: unknown
    readonly items?: ReadonlyArray<{ readonly lineTotal?: unknown }>
  }
  readonly currency?: { readonly currencyCode?: unknown; readonly digits?: unknown }
  readonly refundMilestones?: ReadonlyArray<MilestoneGroup>
  readonly expired?: unknown
  readonly status?: unknown
}

/** The error body of the sandbox. */
interface ErrorBody {
  readonly message?: unknown
  readonly redirectUrl?: unknown
  readonly issues?: ReadonlyArray<{ readonly path?: unknown; readonly message?: unknown; readonly code?: unknown }>
}

export const FREQUENCIES = ["Weekly", "Fortnightly", "Monthly"] as const
export type Frequency = (typeof FREQUENCIES)[number]
/** A cadence option: a frequency, or paying in full (R6.8). */
export type Cadence = Frequency | "PayInFull"
const PLAN_TYPES = ["Installment", "PayInFull", "Custom"] as const
export type PlanType = (typeof PLAN_TYPES)[number]

const isPlanType = (value: unknown): value is PlanType => (PLAN_TYPES as ReadonlyArray<unknown>).includes(value)

const VALIDATION: Readonly<Record<string, string>> = {
  "deposit.below_minimum": "The deposit is below the minimum.",
  "deposit.above_maximum": "The deposit is above the maximum.",
  "deposit.precision": "The deposit has too many decimal places.",
  "installments.unavailable": "No instalment falls before the completion date.",
  "installments.above_maximum_payment": "A payment would be above the maximum payment amount."
}

// ---------------------------------------------------------------------------
// Dates: the core's calendar

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

/** The calendar date a date or date-time text starts with ("2026-12-31T…" is 2026-12-31), or undefined. */
const dayOf = (text: unknown): EpochDay | undefined =>
  typeof text === "string" ? parseDate(text.slice(0, 10)) : undefined

/** Milliseconds of a calendar date (UTC midnight) or of an instant, or NaN. */
export const timeOf = (text: unknown): number => {
  if (typeof text !== "string") return Number.NaN
  if (text.length === 10) {
    const day = parseDate(text)
    return day === undefined ? Number.NaN : day * MS_PER_DAY
  }
  return Date.parse(text)
}

/** "Tue 8 Dec 2026": the calendar date as written (a date-time keeps its own date). */
export const formatDate = (text: unknown): string => {
  const day = dayOf(text)
  if (day === undefined) return String(text)
  const { day: dayOfMonth, month, year } = civil(day)
  return `${WEEKDAYS[weekday(day)]} ${dayOfMonth} ${MONTHS[month - 1]} ${year}`
}

// ---------------------------------------------------------------------------
// Requests and terms

/** What the customer chose. */
export interface Choice {
  readonly planType?: PlanType | undefined
  readonly frequency?: Frequency | null | undefined
  /** The deposit in minor units; null leaves it to the default (R6.4). */
  readonly deposit?: number | null | undefined
  readonly digits: number
  readonly timeZone: string
}

/** A compute-plan-terms request. */
export interface PlanTermsRequest {
  readonly checkoutId: string
  readonly type: "plan"
  readonly timeZone: string
  readonly planType?: PlanType
  readonly deposit?: { readonly amount: number }
  readonly installments?: { readonly cadence: { readonly frequency: Frequency } }
}

/** The compute-plan-terms request of the customer's choice: the deposit a JSON number in major units (R1.4). */
export const planTermsRequest = (checkoutId: string, choice: Choice): PlanTermsRequest => ({
  checkoutId,
  type: "plan",
  ...(choice.planType === undefined ? {} : { planType: choice.planType }),
  timeZone: choice.timeZone,
  ...(choice.deposit === null || choice.deposit === undefined ?
    {} :
    { deposit: { amount: fromMinorUnits(choice.deposit, choice.digits) } }),
  ...(choice.planType !== "PayInFull" && choice.frequency ?
    { installments: { cadence: { frequency: choice.frequency } } } :
    {})
})

/** Why the terms cannot be accepted (R6.6), in words; empty when they can. */
export const validationMessages = (terms: Terms | undefined | null): Array<string> => {
  const list = terms?.installments?.validation
  if (!Array.isArray(list)) return []
  return list.map((entry: { readonly key?: unknown; readonly value?: unknown } | null) => {
    const key = typeof entry?.key === "string" ? entry.key : ""
    return VALIDATION[key] ?? key + (entry?.value ? `: ${String(entry.value)}` : "")
  })
}

/** "6 payments of AUD 136.67 after the deposit": the terms in words. */
export const describeTerms = (terms: Terms | undefined | null, currency: PageCurrency, frequency: Cadence): string => {
  if (!terms) return ""
  const problems = validationMessages(terms)
  if (problems.length > 0) return `Not available: ${problems.join(" ")}`
  const installments = terms.installments ?? {}
  const count = Number(installments.count)
  if (!(count > 0)) return "Pay in full today"
  const every = frequency === "Monthly" ? "monthly" : frequency === "Fortnightly" ? "fortnightly" : "weekly"
  return `${count} ${every} payment${count === 1 ? "" : "s"} of ${
    formatMoney(installments.amount, currency)
  } after the deposit`
}

/** A point of a step chart: at time `t`, the level `v` in minor units. */
export interface Point {
  readonly t: number
  readonly v: number
  readonly label: unknown
}

/** The amount paid after each payment of the schedule, in minor units. */
export const cumulative = (schedule: ReadonlyArray<SchedulePayment>, digits: number): Array<Point> => {
  let total = 0
  const points: Array<Point> = []
  for (const payment of schedule) {
    const minor = minorOf(payment.amount, digits)
    if (minor === null) continue
    total += minor
    points.push({ t: timeOf(payment.date), v: total, label: payment.date })
  }
  return points
}

/** Only http(s) URLs are followed: a redirect can never run script. */
export const safeRedirect = httpUrl

// ---------------------------------------------------------------------------
// DOM helpers: text only, never markup

type Child = Node | string | number | null | undefined | false | ReadonlyArray<Child>
type Attributes = Readonly<Record<string, string | number | null | undefined>> | null

const append = (doc: Document, node: Node, children: Child): void => {
  if (children === null || children === undefined || children === false) return
  if (Array.isArray(children)) {
    for (const child of children as ReadonlyArray<Child>) append(doc, node, child)
    return
  }
  node.appendChild(typeof children === "object" ? children as Node : doc.createTextNode(String(children)))
}

const setAttributes = (node: Element, attributes: Attributes): void => {
  if (attributes === null) return
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(name, String(value))
  }
}

const el = <K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Attributes,
  children?: Child
): HTMLElementTagNameMap[K] => {
  const node = doc.createElement(tag)
  setAttributes(node, attributes)
  append(doc, node, children)
  return node
}

const SVG = "http://www.w3.org/2000/svg"

const svg = (doc: Document, tag: string, attributes: Attributes, children?: Child): SVGElement => {
  const node = doc.createElementNS(SVG, tag) as SVGElement
  setAttributes(node, attributes)
  append(doc, node, children)
  return node
}

const clear = (node: Node): void => {
  while (node.firstChild) node.removeChild(node.firstChild)
}

/** What a step chart shows. */
interface ChartSpec {
  readonly title: string
  /** The levels, sorted here by time. */
  readonly points: ReadonlyArray<Point>
  /** The level before the first point, in minor units. */
  readonly initial: number
  /** The top of the scale, in minor units. */
  readonly max: number
  readonly color: string
  readonly start: number
  readonly end: number
  readonly format: (minor: number) => string
}

let charts = 0

/** A small step chart. Floating point only places pixels; the levels are minor units. */
const stepChart = (doc: Document, spec: ChartSpec): SVGElement => {
  const W = 320, H = 132, L = 8, R = 8, T = 16, B = 30
  const points = spec.points.filter((p) => Number.isFinite(p.t)).sort((a, b) => a.t - b.t)
  const first = points[0]?.t ?? Date.now()
  const last = points.at(-1)?.t ?? first
  const start = Number.isFinite(spec.start) ? Math.min(spec.start, first) : first
  const end = Math.max(Number.isFinite(spec.end) ? spec.end : last, last, start + MS_PER_DAY)
  const max = Math.max(spec.max > 0 ? spec.max : 1, ...points.map((p) => p.v))
  const x = (t: number) => L + ((t - start) / (end - start)) * (W - L - R)
  const y = (v: number) => T + (1 - v / max) * (H - T - B)
  const id = `chart-${++charts}`
  let d = `M${x(start).toFixed(1)} ${y(spec.initial).toFixed(1)}`
  for (const p of points) d += ` H${x(p.t).toFixed(1)} V${y(p.v).toFixed(1)}`
  d += ` H${x(end).toFixed(1)}`
  const marks = points.map((p) =>
    svg(doc, "circle", { cx: x(p.t).toFixed(1), cy: y(p.v).toFixed(1), r: 3, fill: spec.color }, [
      svg(doc, "title", null, `${formatDate(p.label)}: ${spec.format(p.v)}`)
    ])
  )
  const muted = { "font-size": 10, fill: "#5b6575" }
  return svg(doc, "svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-labelledby": id }, [
    svg(doc, "title", { id }, spec.title),
    svg(doc, "line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#9aa4b2" }),
    svg(doc, "line", {
      x1: L,
      y1: y(max).toFixed(1),
      x2: W - R,
      y2: y(max).toFixed(1),
      stroke: "#d9dee7",
      "stroke-dasharray": "3 3"
    }),
    svg(doc, "text", { x: W - R, y: y(max) - 4, "text-anchor": "end", ...muted }, spec.format(max)),
    svg(doc, "path", { d, fill: "none", stroke: spec.color, "stroke-width": 2 }),
    marks,
    svg(doc, "text", { x: L, y: H - 10, ...muted }, formatDate(new Date(start).toISOString())),
    svg(doc, "text", { x: W - R, y: H - 10, "text-anchor": "end", ...muted }, formatDate(new Date(end).toISOString()))
  ])
}

// ---------------------------------------------------------------------------
// The page

interface Answer<A> {
  readonly status: number
  readonly ok: boolean
  readonly body: A | null
}

interface State {
  data: WidgetCheckout
  currency: PageCurrency
  planType: PlanType | undefined
  /** The chosen deposit in minor units; null while there is none (or it is invalid). */
  deposit: number | null
  range: { readonly min: number; readonly max: number } | null
  /** The terms shown for each cadence, and the request that computed them (what paying sends). */
  terms: Partial<Record<Cadence, Terms>>
  requests: Partial<Record<Cadence, PlanTermsRequest>>
  frequency: Cadence | null
  seq: number
  busy: boolean
  closed: boolean
  leaving: boolean
}

const UNREACHABLE = "The sandbox could not be reached. Check that it is running and try again."

/** Reads the page's configuration from its JSON element. */
export const readConfig = (doc: Document): PageConfig | undefined => {
  const element = doc.getElementById(CONFIG_ELEMENT_ID)
  return element?.textContent ? JSON.parse(element.textContent) as PageConfig : undefined
}

/**
 * Runs the page in `win`: loads the checkout named by the page's configuration
 * and wires the controls. Resolves once the checkout is shown.
 */
export const start = (win: Window, config: PageConfig): Promise<void> => {
  const doc = win.document
  const api = config.baseUrl + config.apiPath + encodeURIComponent(config.checkoutId)
  const byId = <E extends HTMLElement = HTMLElement>(id: string): E => doc.getElementById(id) as E
  const input = (id: string) => byId<HTMLInputElement>(id)
  const button = (id: string) => byId<HTMLButtonElement>(id)
  let timeZone = "UTC"
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"
  } catch {
    // keep UTC
  }

  const state: State = {
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
    leaving: false
  }

  const call = async <A>(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer<A>> => {
    const headers: Record<string, string> = { accept: "application/json" }
    const init: RequestInit = { method, headers }
    if (body !== undefined) {
      headers["content-type"] = "application/json"
      init.body = JSON.stringify(body)
    }
    const response = await win.fetch(api + path, init)
    const text = await response.text()
    let json: A | null
    try {
      json = text ? JSON.parse(text) as A : null
    } catch {
      json = null
    }
    return { status: response.status, ok: response.ok, body: json }
  }

  const say = (text: string, kind?: "bad" | "good"): void => {
    const box = byId("message")
    box.textContent = text
    box.className = `banner${kind ? ` ${kind}` : ""}`
    box.hidden = !text
  }
  const money = (amount: unknown): string => formatMoney(amount, state.currency)
  const moneyOfMinor = (minor: number): string => formatMinor(minor, state.currency)
  const cadences = (): ReadonlyArray<Cadence> => state.planType === "PayInFull" ? ["PayInFull"] : FREQUENCIES

  const updateButtons = (): void => {
    const terms = state.frequency ? state.terms[state.frequency] : undefined
    const ok = canPay(terms, state.deposit, state.currency.digits)
    button("pay").disabled = state.closed || state.busy || !ok
    button("cancel").disabled = state.leaving
    // the amount of the schedule shown, which is what paying charges (R5.2, R6.9)
    button("pay").textContent = payButtonText(terms, state.currency, state.planType === "PayInFull")
  }

  // Nothing more can be paid; cancelling stays possible so the customer can return to the merchant.
  const close = (text: string, kind?: "bad" | "good"): void => {
    state.closed = true
    state.busy = false
    say(text, kind)
    input("deposit").disabled = true
    for (const radio of doc.querySelectorAll<HTMLInputElement>("input[name=cadence]")) radio.disabled = true
    updateButtons()
  }

  const go = (url: unknown, text: string, kind?: "bad" | "good"): void => {
    const next = safeRedirect(url, win.location.href)
    state.closed = true
    state.leaving = true
    updateButtons()
    if (next === null) {
      say("The merchant's return address is not valid.", "bad")
      return
    }
    say(text, kind)
    byId("message").append(" ", el(doc, "a", { href: next }, "Continue to the merchant"))
    if (win.parent && win.parent !== win) {
      // Embedded: the widget script in the merchant's page follows the redirect.
      const message: RedirectMessage = { type: REDIRECT_MESSAGE, checkoutId: config.checkoutId, url: next }
      win.parent.postMessage(message, "*")
      return
    }
    win.location.assign(next)
  }

  // The sandbox's "now" as the checkout knows it (its test clock), else the browser's.
  const today = (): number => {
    const checkout = state.data.checkout ?? {}
    const t = timeOf(checkout.createdAt ?? checkout.created)
    return Number.isFinite(t) ? t : Date.now()
  }

  // The checkout's items and their summary lines (same order), tolerant of missing parts.
  const order = () => {
    const checkout = state.data.checkout ?? {}
    const summary = state.data.summary ?? {}
    return {
      checkout,
      summary,
      items: Array.isArray(checkout.items) ? checkout.items : [],
      lines: Array.isArray(summary.items) ? summary.items : []
    }
  }

  const renderOrder = (): void => {
    const { checkout, items, lines, summary } = order()
    const body = byId("items")
    clear(body)
    items.forEach((item, i) => {
      body.appendChild(el(doc, "tr", null, [
        el(doc, "td", null, String(item.description || item.sku || `Item ${i + 1}`)),
        el(doc, "td", { class: "n" }, String(item.quantity)),
        el(doc, "td", { class: "n" }, money(item.costPerItem)),
        el(doc, "td", { class: "n" }, lines[i] ? money(lines[i].lineTotal) : "")
      ]))
    })
    byId("total").textContent = money(summary.totalCost)
    byId("minimum").textContent = money(summary.totalMinimumDeposit)
    byId("completion").textContent = formatDate(summary.completionDate)
    byId("expires").textContent = typeof summary.expiresAt === "string" || typeof summary.expiresAt === "number" ?
      new Date(summary.expiresAt).toLocaleString("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }) :
      ""
    byId("merchant-order").textContent = String(checkout.merchantOrderId ?? "")
  }

  const renderMilestones = (): void => {
    const { items, lines } = order()
    const digits = state.currency.digits
    const host = byId("milestones")
    clear(host)
    const groups = Array.isArray(state.data.refundMilestones) ? state.data.refundMilestones : []
    if (groups.length === 0) {
      host.appendChild(el(doc, "p", { class: "hint" }, "These items are fully refundable until their redemption date."))
    }
    for (const milestones of groups) {
      const index = items.findLastIndex((item) => item.id === milestones.itemId)
      const name = String(milestones.name || (index >= 0 ? items[index]!.description : "") || "Item")
      const policies = Array.isArray(milestones.policies) ? [...milestones.policies] : []
      policies.sort((a, b) => timeOf(a.activeFrom) - timeOf(b.activeFrom))
      const rows = policies.length === 0 ?
        [el(doc, "tr", null, el(doc, "td", { colspan: 3 }, "Fully refundable until redemption."))] :
        policies.map((p) =>
          el(doc, "tr", null, [
            el(doc, "td", null, formatDate(p.activeFrom)),
            el(doc, "td", null, String(p.name ?? "")),
            el(doc, "td", { class: "n" }, money(p.nonRefundableAmount))
          ])
        )
      const table = el(doc, "table", null, [
        el(doc, "caption", null, name),
        el(
          doc,
          "thead",
          null,
          el(doc, "tr", null, [
            el(doc, "th", { scope: "col" }, "From"),
            el(doc, "th", { scope: "col" }, "Refund policy"),
            el(doc, "th", { scope: "col", class: "n" }, "Non-refundable")
          ])
        ),
        el(doc, "tbody", null, rows)
      ])
      const line = index >= 0 && lines[index] ? minorOf(lines[index].lineTotal, digits) : null
      const redemption = index >= 0 ? timeOf(items[index]!.redemptionDate) : Number.NaN
      const chart = stepChart(doc, {
        title: `Non-refundable amount of ${name} over time`,
        points: policies.map((p) => ({
          t: timeOf(p.activeFrom),
          v: minorOf(p.nonRefundableAmount, digits) ?? 0,
          label: p.activeFrom
        })),
        initial: 0,
        max: line ?? 0,
        color: "#a4161a",
        start: today(),
        end: Number.isFinite(redemption) ? redemption : today(),
        format: moneyOfMinor
      })
      host.appendChild(el(doc, "div", { class: "milestone" }, [table, chart]))
    }
  }

  const renderSchedule = (): void => {
    const terms = state.frequency ? state.terms[state.frequency] : undefined
    const schedule = Array.isArray(terms?.schedule) ? terms.schedule : []
    const body = byId("schedule")
    clear(body)
    for (const p of schedule) {
      body.appendChild(el(doc, "tr", null, [
        el(doc, "td", null, Number(p.installmentNumber) === 1 ? "1 (deposit)" : String(p.installmentNumber)),
        el(doc, "td", null, formatDate(p.date)),
        el(doc, "td", { class: "n" }, money(p.amount))
      ]))
    }
    const host = byId("schedule-chart")
    clear(host)
    if (schedule.length > 0) {
      const points = cumulative(schedule, state.currency.digits)
      host.appendChild(stepChart(doc, {
        title: "Amount paid over time",
        points,
        initial: 0,
        max: minorOf(state.data.summary?.totalCost, state.currency.digits) ?? 0,
        color: "#0b5cad",
        start: points[0]?.t ?? today(),
        end: timeOf(state.data.summary?.completionDate),
        format: moneyOfMinor
      }))
    }
    byId("schedule-section").hidden = schedule.length === 0
  }

  const renderOptions = (): void => {
    const host = byId("cadences")
    clear(host)
    for (const cadence of cadences()) {
      const terms = state.terms[cadence]
      const id = `cadence-${cadence.toLowerCase()}`
      const radio = el(doc, "input", {
        type: "radio",
        name: "cadence",
        id,
        value: cadence,
        "aria-describedby": `${id}-terms`
      })
      radio.checked = state.frequency === cadence
      radio.disabled = state.closed
      radio.addEventListener("change", () => {
        if (!radio.checked) return
        state.frequency = cadence
        renderSchedule()
        updateButtons()
      })
      const label = el(doc, "label", { for: id }, [
        cadence === "PayInFull" ? "Pay in full" : cadence,
        el(
          doc,
          "span",
          { class: "terms", id: `${id}-terms` },
          terms ? describeTerms(terms, state.currency, cadence) : "Calculating…"
        )
      ])
      const unavailable = terms !== undefined && !isAcceptable(terms)
      host.appendChild(el(doc, "div", { class: `option${unavailable ? " unavailable" : ""}` }, [radio, label]))
    }
  }

  const depositProblem = (minor: number | null): string => {
    const digits = state.currency.digits
    if (minor === null) return `Enter an amount with at most ${digits} decimal place${digits === 1 ? "" : "s"}.`
    if (state.range && minor < state.range.min) return `The deposit must be at least ${moneyOfMinor(state.range.min)}.`
    if (state.range && minor > state.range.max) return `The deposit must be at most ${moneyOfMinor(state.range.max)}.`
    return ""
  }

  const choice = (frequency: Cadence | null, deposit: number | null): Choice => ({
    planType: state.planType,
    frequency: frequency === "PayInFull" ? null : frequency,
    deposit,
    digits: state.currency.digits,
    timeZone
  })

  const compute = async (depositMinor: number | null): Promise<void> => {
    const seq = ++state.seq
    state.busy = true
    updateButtons()
    const options = cadences()
    const requests = options.map((cadence) => planTermsRequest(config.checkoutId, choice(cadence, depositMinor)))
    let answers: Array<Answer<Terms & ErrorBody>>
    try {
      answers = await Promise.all(requests.map((request) => call<Terms & ErrorBody>("POST", "/plan-terms", request)))
    } catch {
      if (seq !== state.seq) return
      state.busy = false
      say(UNREACHABLE, "bad")
      updateButtons()
      return
    }
    if (seq !== state.seq) return
    state.busy = false
    const failed = answers.find((answer) => !answer.ok)
    if (failed) {
      if (failed.status === 410) return close("This checkout has expired and can no longer be completed.", "bad")
      const message = failed.body?.message
      say(`The plan could not be calculated${message ? `: ${String(message)}` : "."}`, "bad")
      updateButtons()
      return
    }
    state.terms = {}
    state.requests = {}
    options.forEach((cadence, i) => {
      state.terms[cadence] = answers[i]!.body ?? {}
      state.requests[cadence] = requests[i]!
    })
    const first = answers[0]?.body ?? {}
    const digits = state.currency.digits
    if (state.planType === "PayInFull") {
      // R6.8: the whole cost today, so there is no range to choose from
      byId("deposit-range").textContent = "Paid in full today."
    } else if (first.deposit?.range) {
      const min = minorOf(first.deposit.range.min, digits)
      const max = minorOf(first.deposit.range.max, digits)
      if (min !== null && max !== null) {
        state.range = { min, max }
        const deposit = input("deposit")
        deposit.min = toDecimalText(min, digits)
        deposit.max = toDecimalText(max, digits)
        byId("deposit-range").textContent = `Between ${moneyOfMinor(min)} and ${moneyOfMinor(max)}.`
      }
    }
    if (depositMinor === null && first.deposit) {
      state.deposit = minorOf(first.deposit.amount, digits)
      if (state.deposit !== null) input("deposit").value = toDecimalText(state.deposit, digits)
    }
    if (!state.frequency || !state.terms[state.frequency]) {
      state.frequency = options.find((cadence) => isAcceptable(state.terms[cadence])) ?? options[0]!
    }
    renderOptions()
    renderSchedule()
    updateButtons()
  }

  let timer: number | undefined
  const onDeposit = (): void => {
    const deposit = input("deposit")
    const minor = minorOfText(deposit.value, state.currency.digits)
    const problem = depositProblem(minor)
    byId("deposit-error").textContent = problem
    deposit.setAttribute("aria-invalid", problem ? "true" : "false")
    if (problem) {
      win.clearTimeout(timer)
      state.deposit = null
      state.seq++
      state.busy = false
      updateButtons()
      return
    }
    // the same amount again (a change event after input): keep the calculation already under way
    if (minor === state.deposit) return
    win.clearTimeout(timer)
    state.deposit = minor
    state.busy = true
    updateButtons()
    timer = win.setTimeout(() => void compute(minor), 250)
  }

  const unreachable = (step: "busy" | "leaving"): void => {
    state[step] = false
    say(UNREACHABLE, "bad")
    updateButtons()
  }

  const pay = async (): Promise<void> => {
    const card = input("card")
    const number = card.value.replace(/[\s-]/g, "")
    if (!/^\d{12,19}$/.test(number)) {
      byId("card-error").textContent = "Enter a card number of 12 to 19 digits."
      card.setAttribute("aria-invalid", "true")
      card.focus()
      return
    }
    byId("card-error").textContent = ""
    card.setAttribute("aria-invalid", "false")
    // the request of the terms shown and their first payment: what the button says is what is charged
    const shown = state.frequency
    const completion = shown ?
      completionBody(number, state.requests[shown], state.terms[shown], state.currency.digits) :
      null
    if (completion === null) return
    state.busy = true
    updateButtons()
    say("Processing your payment…")
    const answer = await call<ErrorBody>("POST", "/complete", completion).catch(() => null)
    if (answer === null) return unreachable("busy")
    const body = answer.body ?? {}
    const message = typeof body.message === "string" ? body.message : ""
    switch (answer.status) {
      case 200:
        return go(body.redirectUrl, "Payment accepted. Your plan is set up; returning you to the merchant…", "good")
      case 402:
        return go(body.redirectUrl, `${message || "Your card was declined."} Returning you to the merchant…`, "bad")
      case 410:
        return close("This checkout has expired and can no longer be completed.", "bad")
      case 409:
        return close("This checkout has already been completed or cancelled.", "bad")
    }
    state.busy = false
    const issues = Array.isArray(body.issues) ? body.issues : []
    if (issues.some((i) => i.path === "firstPayment")) {
      // the terms changed since they were shown (the sandbox's clock moved on): nothing was charged
      say("The amount due today has changed. Check the new schedule and pay again.", "bad")
      return compute(state.deposit)
    }
    const details = issues.map((i) => (i.path ? `${String(i.path)}: ` : "") + String(i.message ?? i.code))
    say((message || "The payment could not be processed.") + (details.length ? ` ${details.join("; ")}` : ""), "bad")
    updateButtons()
  }

  const cancel = async (): Promise<void> => {
    state.leaving = true
    updateButtons()
    const answer = await call<ErrorBody>("POST", "/cancel", {}).catch(() => null)
    if (answer === null) return unreachable("leaving")
    const body = answer.body ?? {}
    if (answer.ok) return go(body.redirectUrl, "Checkout cancelled; returning you to the merchant…")
    state.leaving = false
    if (answer.status === 410) return close("This checkout has expired.", "bad")
    if (answer.status === 409) return close("This checkout has already been completed or cancelled.", "bad")
    say(typeof body.message === "string" && body.message ? body.message : "The checkout could not be cancelled.", "bad")
    updateButtons()
  }

  button("cancel").addEventListener("click", () => void cancel())
  input("deposit").addEventListener("input", onDeposit)
  input("deposit").addEventListener("change", onDeposit)
  byId("form").addEventListener("submit", (event) => {
    event.preventDefault()
    if (!button("pay").disabled) void pay()
  })

  const load = async (): Promise<void> => {
    const answer = await call<WidgetCheckout>("GET", "").catch(() => null)
    if (answer === null) return say(UNREACHABLE, "bad")
    const data = answer.body
    if (!answer.ok || !data?.currency) {
      byId("app").hidden = true
      return say(
        answer.status === 404 ?
          "This checkout does not exist." :
          `This checkout could not be loaded (status ${answer.status}).`,
        "bad"
      )
    }
    state.data = data
    state.currency = {
      currencyCode: String(data.currency.currencyCode || data.checkout?.currencyCode || ""),
      digits: Number(data.currency.digits) || 0
    }
    state.planType = isPlanType(data.checkout?.planType) ? data.checkout.planType : undefined
    const digits = state.currency.digits
    const deposit = input("deposit")
    deposit.step = digits > 0 ? toDecimalText(1, digits) : "1"
    byId("deposit-currency").textContent = state.currency.currencyCode
    byId("app").hidden = false
    renderOrder()
    renderMilestones()
    if (state.planType === "PayInFull") deposit.readOnly = true
    const status = String(data.status ?? "")
    if (data.expired || /^expired$/i.test(status)) {
      close("This checkout has expired and can no longer be completed. Ask the merchant for a new one.", "bad")
      byId("plan-section").hidden = true
      return
    }
    if (/^(completed|rejected|cancelled|canceled)$/i.test(status)) {
      state.leaving = true
      close(
        /^completed$/i.test(status)
          ? "This checkout is already completed."
          : "This checkout was already declined or cancelled.",
        "bad"
      )
      byId("plan-section").hidden = true
      return
    }
    return compute(null)
  }
  return load()
}
