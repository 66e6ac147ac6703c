/**
 * The hosted page in the browser: draws what the controller
 * (../controller.ts) shows onto page.html's elements, gives it the window's
 * `fetch`, timers, zone and location, and wires the controls to it. Every
 * merchant-provided string reaches the DOM through `textContent` or a text
 * node, never as markup. Browser code, bundled at build time by
 * scripts/build-widget.ts into the page's one inline script; it runs in
 * Chromium (test/adapters/sandbox/browser.test.ts).
 *
 * @module
 */
import {
  type Buttons,
  type DepositField,
  pageController,
  type PageEnvironment,
  type PageView,
  type Tone
} from "../controller.ts"
import { CONFIG_ELEMENT_ID, type PageConfig, REDIRECT_MESSAGE, type RedirectMessage } from "../protocol.ts"
import type { CadenceOption, MilestonesView, OrderView, ScheduleView } from "../screen.ts"
import { stepChart } from "./chart.ts"
import { clear, el } from "./elements.ts"

/** Reads the page's configuration from its JSON element. */
export const readConfig = (doc: Document): PageConfig | undefined => {
  const element = doc.getElementById(CONFIG_ELEMENT_ID)
  return element?.textContent ? JSON.parse(element.textContent) as PageConfig : undefined
}

type Lookup = <E extends HTMLElement = HTMLElement>(id: string) => E

const lookup = (doc: Document): Lookup => <E extends HTMLElement = HTMLElement>(id: string) =>
  doc.getElementById(id) as E

const tableRows = (doc: Document, rows: ReadonlyArray<ReadonlyArray<string>>, numeric: ReadonlySet<number>) =>
  rows.map((row) =>
    el(doc, "tr", null, row.map((cell, i) => el(doc, "td", numeric.has(i) ? { class: "n" } : null, cell)))
  )

const drawOrder = (doc: Document, byId: Lookup) => (order: OrderView): void => {
  const body = byId("items")
  clear(body)
  for (const row of tableRows(doc, order.rows, new Set([1, 2, 3]))) body.appendChild(row)
  byId("total").textContent = order.total
  byId("minimum").textContent = order.minimum
  byId("completion").textContent = order.completion
  byId("expires").textContent = order.expires
  byId("merchant-order").textContent = order.merchantOrder
}

const drawMilestones = (doc: Document, byId: Lookup) => (milestones: MilestonesView): void => {
  const host = byId("milestones")
  clear(host)
  if (milestones.hint !== undefined) host.appendChild(el(doc, "p", { class: "hint" }, milestones.hint))
  for (const item of milestones.items) {
    const rows = item.none !== undefined ?
      [el(doc, "tr", null, el(doc, "td", { colspan: 3 }, item.none))] :
      tableRows(doc, item.rows, new Set([2]))
    const head = el(doc, "tr", null, [
      el(doc, "th", { scope: "col" }, "From"),
      el(doc, "th", { scope: "col" }, "Refund policy"),
      el(doc, "th", { scope: "col", class: "n" }, "Non-refundable")
    ])
    const table = el(doc, "table", null, [
      el(doc, "caption", null, item.caption),
      el(doc, "thead", null, head),
      el(doc, "tbody", null, rows)
    ])
    host.appendChild(el(doc, "div", { class: "milestone" }, [table, stepChart(doc, item.chart)]))
  }
}

const drawSchedule = (doc: Document, byId: Lookup) => (schedule: ScheduleView): void => {
  const body = byId("schedule")
  clear(body)
  for (const row of tableRows(doc, schedule.rows, new Set([2]))) body.appendChild(row)
  const host = byId("schedule-chart")
  clear(host)
  if (schedule.chart !== undefined) host.appendChild(stepChart(doc, schedule.chart))
  byId("schedule-section").hidden = schedule.rows.length === 0
}

const drawCadences =
  (doc: Document, byId: Lookup, choose: (option: CadenceOption) => void) =>
  (options: ReadonlyArray<CadenceOption>): void => {
    const host = byId("cadences")
    clear(host)
    for (const option of options) {
      const { id } = option
      const radio = el(doc, "input", {
        type: "radio",
        name: "cadence",
        id,
        value: option.cadence,
        "aria-describedby": `${id}-terms`
      })
      radio.checked = option.checked
      radio.disabled = option.disabled
      radio.addEventListener("change", () => {
        if (radio.checked) choose(option)
      })
      const label = el(doc, "label", { for: id }, [
        option.label,
        el(doc, "span", { class: "terms", id: `${id}-terms` }, option.terms)
      ])
      host.appendChild(el(doc, "div", { class: `option${option.unavailable ? " unavailable" : ""}` }, [radio, label]))
    }
  }

const setDeposit = (input: HTMLInputElement, field: DepositField): void => {
  if (field.step !== undefined) input.step = field.step
  if (field.min !== undefined) input.min = field.min
  if (field.max !== undefined) input.max = field.max
  if (field.value !== undefined) input.value = field.value
  if (field.readOnly !== undefined) input.readOnly = field.readOnly
  if (field.disabled !== undefined) input.disabled = field.disabled
}

/** The controller's view on page.html's elements; `choose` is called when the customer picks a cadence. */
export const domView = (doc: Document, choose: (option: CadenceOption) => void): PageView => {
  const byId = lookup(doc)
  const deposit = () => byId<HTMLInputElement>("deposit")
  const message = (text: string, tone?: Tone, link?: string): void => {
    const box = byId("message")
    box.textContent = text
    box.className = `banner${tone ? ` ${tone}` : ""}`
    box.hidden = !text
    if (link !== undefined) box.append(" ", el(doc, "a", { href: link }, "Continue to the merchant"))
  }
  return {
    message,
    app: (shown) => void (byId("app").hidden = !shown),
    order: drawOrder(doc, byId),
    milestones: drawMilestones(doc, byId),
    plan: (shown) => void (byId("plan-section").hidden = !shown),
    deposit: (field) => {
      setDeposit(deposit(), field)
      if (field.currency !== undefined) byId("deposit-currency").textContent = field.currency
    },
    depositRange: (text) => void (byId("deposit-range").textContent = text),
    depositError: (text) => {
      byId("deposit-error").textContent = text
      deposit().setAttribute("aria-invalid", text ? "true" : "false")
    },
    cadences: drawCadences(doc, byId, choose),
    schedule: drawSchedule(doc, byId),
    buttons: ({ pay, cancelDisabled }: Buttons) => {
      const button = byId<HTMLButtonElement>("pay")
      button.disabled = pay.disabled
      button.textContent = pay.text
      byId<HTMLButtonElement>("cancel").disabled = cancelDisabled
    },
    cardError: (text) => {
      const card = byId<HTMLInputElement>("card")
      byId("card-error").textContent = text
      card.setAttribute("aria-invalid", text ? "true" : "false")
      if (text) card.focus()
    },
    lock: () => {
      deposit().disabled = true
      for (const radio of doc.querySelectorAll<HTMLInputElement>("input[name=cadence]")) radio.disabled = true
    }
  }
}

/** The customer's time zone, else UTC. */
const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"
  } catch {
    return "UTC"
  }
}

/** What the controller needs of the window. */
export const windowEnvironment = (win: Window, checkoutId: string): PageEnvironment => ({
  fetch: (url, init) => win.fetch(url, init),
  timeZone: browserZone(),
  now: () => Date.now(),
  later: (run, ms) => {
    const timer = win.setTimeout(run, ms)
    return () => win.clearTimeout(timer)
  },
  href: win.location.href,
  leave: (url) => {
    if (win.parent && win.parent !== win) {
      // Embedded: the widget script in the merchant's page follows the redirect.
      const message: RedirectMessage = { type: REDIRECT_MESSAGE, checkoutId, url }
      win.parent.postMessage(message, "*")
      return
    }
    win.location.assign(url)
  }
})

/**
 * Runs the page in `win`: loads the checkout named by the page's configuration
 * and wires the controls. Resolves once the checkout is shown.
 */
export const start = (win: Window, config: PageConfig): Promise<void> => {
  const doc = win.document
  const byId = lookup(doc)
  let choose: (option: CadenceOption) => void = () => {}
  const page = pageController(config, windowEnvironment(win, config.checkoutId), domView(doc, (o) => choose(o)))
  choose = (option) => page.chooseCadence(option.cadence)
  const deposit = byId<HTMLInputElement>("deposit")
  const onDeposit = () => page.typeDeposit(deposit.value)
  deposit.addEventListener("input", onDeposit)
  deposit.addEventListener("change", onDeposit)
  byId<HTMLButtonElement>("cancel").addEventListener("click", () => void page.cancel())
  byId("form").addEventListener("submit", (event) => {
    event.preventDefault()
    void page.submit(byId<HTMLInputElement>("card").value)
  })
  return page.load()
}
