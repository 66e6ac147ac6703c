/**
 * `<payment-plan-message>` in a real browser: Playwright (playwright-core) drives headless
 * Chromium, found as the widget's browser test finds it (scripts/chromium.ts; without one
 * every test fails with instructions, never skips). A merchant's product page is faked inside
 * the browser (`context.route`), which also intercepts every request: the page may load its
 * document and the element's script, nothing else.
 *
 * - random products (test/properties/messaging-cases.ts): the element shows planMessage's
 *   sentence, and a server-rendered element (renderPlanMessage, declarative shadow DOM) shows it
 *   before the script runs and is taken over without a mutation;
 * - bad attributes: nothing shown, the error event with its issues, no exception;
 * - a variant picker changes `amount`: the sentence follows, in a polite live region, on a line
 *   reserved before any text (no layout shift);
 * - the flow: the sandbox's product-page demo → the widget of that checkout → the first payment
 *   charged and the instalments of the plan are the figures the element showed.
 */
import fc from "fast-check"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHROMIUM_ARGS, findChromium } from "../../../scripts/chromium.ts"
import { type Client, createClient } from "../../../src/adapters/client/index.ts"
import { loadMerchants, type RunningSandbox, startSandbox } from "../../../src/adapters/sandbox/index.ts"
import * as Money from "../../../src/core/foundation/money.ts"
import * as Time from "../../../src/core/foundation/time/index.ts"
import { MESSAGE_ELEMENT_SCRIPT } from "../../../src/messaging/element/script.generated.ts"
import { planMessage, renderPlanMessage } from "../../../src/messaging/index.ts"
import { exampleRequest } from "../../fixtures.ts"
import { attributesOf, caseOf, expressibleMerchant } from "../../properties/messaging-cases.ts"

const CHROMIUM = findChromium()
const SHOP = "shop.example"
const SCRIPT_URL = `https://${SHOP}/message.js`
const MERCHANT = { id: "merchant-message", apiKey: "key-message-0123456789" }
const NOW = Date.parse("2026-11-22T00:00:00Z")

let context: BrowserContext | undefined
let profile: string | undefined
let sandbox: RunningSandbox
let client: Client
/** Every request the pages made, and the product page each test serves. */
const requests: Array<string> = []
let productPage = ""

const newPage = async (): Promise<{ page: Page; errors: Array<string> }> => {
  if (!CHROMIUM.found) throw new Error(CHROMIUM.message)
  if (context === undefined) throw new Error("Chromium did not start")
  const page = await context.newPage()
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  return { page, errors }
}

beforeAll(async () => {
  sandbox = await startSandbox({
    merchants: loadMerchants({
      merchants: [{
        id: MERCHANT.id,
        name: "Message Shop",
        apiKey: MERCHANT.apiKey,
        timeZone: "Australia/Sydney",
        currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }]
      }]
    }),
    database: ":memory:",
    host: "127.0.0.1",
    port: 0,
    now: () => NOW
  })
  client = createClient({ baseUrl: sandbox.url, merchantId: MERCHANT.id, apiKey: MERCHANT.apiKey })
  if (!CHROMIUM.found) return
  profile = mkdtempSync(join(tmpdir(), "ppe-message-"))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM.path,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timezoneId: "Australia/Sydney",
    locale: "en-AU",
    viewport: { width: 1400, height: 1000 }
  })
  context.setDefaultTimeout(15_000)
  await context.route(() => true, (route) => {
    const url = new URL(route.request().url())
    requests.push(url.href)
    if (url.hostname !== SHOP) return route.continue()
    if (url.pathname === "/message.js") {
      return route.fulfill({ contentType: "text/javascript", body: MESSAGE_ELEMENT_SCRIPT })
    }
    if (url.pathname === "/product") {
      return route.fulfill({ contentType: "text/html; charset=utf-8", body: productPage })
    }
    // the merchant's redirect page after the widget
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Back at the shop</title>" })
  })
}, 60_000)

afterAll(async () => {
  await context?.close()
  await sandbox?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

/** A product page: `body` first, then the element's script (so server-rendered elements are seen before it runs). */
const serve = async (page: Page, body: string, head = ""): Promise<void> => {
  productPage = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8">${head}</head><body>${body}` +
    `<script src="${SCRIPT_URL}"></script></body></html>`
  requests.length = 0
  await page.goto(`https://${SHOP}/product`)
}

/** The sentence an element shows: its shadow root's text. */
const shown = (page: Page, selector: string): Promise<string> =>
  page.locator(selector).evaluate((element) =>
    element.shadowRoot?.querySelector("p")?.textContent ?? "<no shadow root>"
  )

const withNow = (html: string, now: number): string =>
  html.replace("<payment-plan-message", `<payment-plan-message now="${Time.formatInstant(now)}"`)

describe("<payment-plan-message> in Chromium", () => {
  it("shows planMessage's sentence over random products; a server-rendered one (renderPlanMessage) shows the same, in the same live region, styled alike", async () => {
    const { page, errors } = await newPage()
    const cases = fc.sample(caseOf(expressibleMerchant), { numRuns: 40, seed: 25 })
    const expected: Array<string> = []
    const body: Array<string> = []
    cases.forEach((c, i) => {
      const options = { ...c.options, locale: ["en", "en-AU", "de-DE", "ja-JP"][i % 4]! }
      const message = planMessage(c.item, options)
      if (!message.ok) throw new Error(JSON.stringify(message.issues))
      expected.push(message.value.text)
      const server = withNow(renderPlanMessage(c.item, options), c.options.now)
      const attributes = Object.entries(attributesOf(server))
        .map(([name, value]) => ` ${name}="${value.replaceAll("&", "&amp;").replaceAll("\"", "&#34;")}"`).join("")
      body.push(
        server.replace("<payment-plan-message", `<payment-plan-message id="server-${i}"`),
        `<payment-plan-message id="client-${i}"${attributes}></payment-plan-message>`
      )
    })
    await serve(page, body.join("\n"))
    for (let i = 0; i < cases.length; i++) {
      await expect.poll(() => shown(page, `#client-${i}`)).toBe(expected[i])
      expect(await shown(page, `#server-${i}`)).toBe(expected[i])
    }
    // both show the same live region, styled alike: the server's rules inline, the browser's from one shared sheet
    const roots = await page.evaluate(
      (n) =>
        Array.from({ length: n }, (_, i) =>
          [`server-${i}`, `client-${i}`].map((id) => {
            const host = document.getElementById(id)!
            const p = host.shadowRoot!.querySelector("p")!
            return [p.outerHTML, getComputedStyle(host).minHeight, getComputedStyle(p).lineHeight].join(" | ")
          })),
      cases.length
    )
    for (const [server, client] of roots) expect(client).toBe(server)
    expect(errors).toEqual([])
    expect(requests).toEqual([`https://${SHOP}/product`, SCRIPT_URL])
    await page.close()
  })

  it("takes over declarative shadow DOM: the server's text is there before the script and no node changes", async () => {
    const { page, errors } = await newPage()
    const item = {
      currencyCode: "AUD",
      costPerItem: 1000.01,
      minimumDepositPerItem: { unit: "Currency", value: 100 },
      redemptionDate: "2027-02-11"
    }
    const options = { now: NOW, timeZone: "Australia/Sydney", locale: "en-AU" }
    const message = planMessage(item, options)
    if (!message.ok) throw new Error("a message")
    productPage = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"></head><body>${
      withNow(renderPlanMessage(item, options), NOW)
    }
<script>
  const element = document.querySelector("payment-plan-message")
  window.__before = element.shadowRoot.querySelector("p").textContent
  window.__mutations = 0
  new MutationObserver((records) => { window.__mutations += records.length })
    .observe(element.shadowRoot, { subtree: true, childList: true, characterData: true, attributes: true })
</script><script src="${SCRIPT_URL}"></script></body></html>`
    requests.length = 0
    await page.goto(`https://${SHOP}/product`)
    await page.waitForFunction(() => customElements.get("payment-plan-message") !== undefined)
    // let the element render (a microtask after its upgrade) and any observer record arrive: the next frame
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.evaluate(() => (window as unknown as { __before: string }).__before)).toBe(message.value.text)
    expect(await shown(page, "payment-plan-message")).toBe(message.value.text)
    expect(await page.evaluate(() => (window as unknown as { __mutations: number }).__mutations)).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it("bad attributes (a negative amount, an unknown currency, a past date, deposit=\"110%\"): nothing shown, the error event with issues, no exception", async () => {
    const { page, errors } = await newPage()
    const valid = `currency="AUD" amount="1100" redemption-date="2027-02-11" now="2026-11-22T00:00:00Z"`
    const bad: ReadonlyArray<readonly [string, string, string, string]> = [
      [
        "negative",
        `currency="AUD" amount="-5" redemption-date="2027-02-11" now="2026-11-22T00:00:00Z"`,
        "amount",
        "range"
      ],
      [
        "currency",
        `currency="XAA" amount="1100" redemption-date="2027-02-11" now="2026-11-22T00:00:00Z"`,
        "currency",
        "unknown_currency"
      ],
      [
        "past",
        `currency="AUD" amount="1100" redemption-date="2026-01-01" now="2026-11-22T00:00:00Z"`,
        "redemption-date",
        "past_date"
      ],
      ["deposit", `${valid} deposit="110%"`, "deposit", "range"]
    ]
    const head = `<script>window.__errors = {};
document.addEventListener("payment-plan-message-error", (event) => { window.__errors[event.target.id] = event.detail.issues })</script>`
    await serve(
      page,
      bad.map(([id, attributes]) => `<payment-plan-message id="${id}" ${attributes}></payment-plan-message>`).join(""),
      head
    )
    for (const [id, , path, code] of bad) {
      await expect.poll(() =>
        page.evaluate((key) => (window as unknown as { __errors: Record<string, unknown> }).__errors[key], id)
      ).toEqual([expect.objectContaining({ path, code, rule: expect.stringMatching(/^R\d/) })])
      expect(await shown(page, `#${id}`)).toBe("")
    }
    expect(errors).toEqual([])
    expect(requests).toEqual([`https://${SHOP}/product`, SCRIPT_URL])
    await page.close()
  })

  it("R10.2: an attribute it does not know is left out and reported: with the sentence (warning event), or beside the issues it explains (error event)", async () => {
    const { page, errors } = await newPage()
    const known = `currency="AUD" redemption-date="2027-02-11" now="2026-11-22T00:00:00Z" time-zone="Australia/Sydney"`
    const head = `<script>window.__events = [];
for (const type of ["payment-plan-message-error", "payment-plan-message-warning"]) {
  document.addEventListener(type, (event) => { window.__events.push([event.target.id, type, event.detail]) })
}</script>`
    await serve(
      page,
      `<payment-plan-message id="shown" ${known} amount="1100" colour="red" data-sku="A1" aria-label="Plan" class="x"></payment-plan-message>` +
        `<payment-plan-message id="typo" ${known} ammount="1100"></payment-plan-message>`,
      head
    )
    const events = () => page.evaluate(() => (window as unknown as { __events: Array<unknown> }).__events)
    const leftOut = (path: string, near = "") =>
      expect.objectContaining({
        path,
        code: "unknown_field",
        rule: "R10.2",
        message: `is not an attribute of payment-plan-message and was left out${near}`
      })
    await expect.poll(events).toHaveLength(2)
    expect(await events()).toEqual(expect.arrayContaining([
      ["shown", "payment-plan-message-warning", { warnings: [leftOut("colour")] }],
      ["typo", "payment-plan-message-error", {
        issues: [expect.objectContaining({ path: "amount", code: "required" })],
        warnings: [leftOut("ammount", " (did you mean \"amount\"?)")]
      }]
    ]))
    const message = planMessage({ currencyCode: "AUD", costPerItem: 1100, redemptionDate: "2027-02-11" }, {
      now: NOW,
      timeZone: "Australia/Sydney",
      locale: "en-AU"
    })
    expect(await shown(page, "#shown")).toBe(message.ok ? message.value.text : "?")
    expect(await shown(page, "#typo")).toBe("")
    // each render reports again: a change of a known attribute brings the warning back
    await page.locator("#shown").evaluate((e) => e.setAttribute("amount", "1200"))
    await expect.poll(events).toHaveLength(3)
    expect((await events())[2]).toEqual(["shown", "payment-plan-message-warning", { warnings: [leftOut("colour")] }])
    expect(errors).toEqual([])
    await page.close()
  })

  it("follows a variant picker's amount, announces politely, and reserves its line (no layout shift)", async () => {
    const { page, errors } = await newPage()
    await serve(
      page,
      `<p>Above</p><payment-plan-message id="m" currency="AUD" redemption-date="2027-02-11" now="2026-11-22T00:00:00Z" time-zone="Australia/Sydney"></payment-plan-message><p id="below">Below</p>`
    )
    const element = page.locator("#m")
    await expect.poll(() => shown(page, "#m")).toBe("")
    const empty = await element.boundingBox()
    const belowBefore = await page.locator("#below").boundingBox()
    for (const amount of ["1100", "249.99", "10000"]) {
      await element.evaluate((e, value) => e.setAttribute("amount", value), amount)
      const message = planMessage({ currencyCode: "AUD", costPerItem: Number(amount), redemptionDate: "2027-02-11" }, {
        now: NOW,
        timeZone: "Australia/Sydney",
        locale: "en-AU"
      })
      await expect.poll(() => shown(page, "#m")).toBe(message.ok ? message.value.text : "?")
      expect((await element.boundingBox())?.height).toBe(empty?.height)
      expect((await page.locator("#below").boundingBox())?.y).toBe(belowBefore?.y)
    }
    expect(empty?.height).toBeGreaterThan(0)
    const region = await element.evaluate((e) => {
      const p = e.shadowRoot!.querySelector("p")!
      return [p.getAttribute("role"), p.getAttribute("aria-live")]
    })
    expect(region).toEqual(["status", "polite"])
    expect(errors).toEqual([])
    await page.close()
  })

  it("the flow: product page demo → the widget → the first payment and the instalments charged are the figures the element showed", async () => {
    const item = {
      ...exampleRequest().items[0]!,
      quantity: 1,
      costPerItem: 1000.01,
      minimumDepositPerItem: { unit: "Currency", value: 100 }
    }
    const created = await client.createCheckout({
      ...exampleRequest(),
      merchantId: MERCHANT.id,
      merchantOrderId: "order-message-1",
      items: [item]
    })
    if (!created.ok) throw new Error(`create checkout failed: ${String(created.error)}`)
    const checkout = created.checkout as { id: string; redirectURL: string }
    const { page, errors } = await newPage()
    requests.length = 0
    const demo = `${sandbox.url}/widget/message-demo?checkout=${checkout.id}`
    await page.goto(demo)
    await page.waitForFunction(() => customElements.get("payment-plan-message") !== undefined)
    // the demo's page and the element's script, nothing else
    expect(requests).toEqual([demo, `${sandbox.url}/widget/message.js`])
    const text = await shown(page, "payment-plan-message")
    const match = /^Pay AUD\u00a0([\d,.]+) today, then (\d+) weekly payments of AUD\u00a0([\d,.]+), the last on (.+)$/
      .exec(text)
    if (match === null) throw new Error(`the element showed ${JSON.stringify(text)}`)
    const [, first, count, each, lastDate] = match
    const minor = (s: string) => Number(s.replaceAll(",", "").replace(".", ""))

    await page.locator("#widget").click()
    await page.waitForURL((url) => url.pathname.startsWith("/widget/checkout/"))
    await expect.poll(() => page.locator("#pay").textContent()).toBe(`Pay AUD\u00a0${first} today`)
    await page.getByLabel("Card number").fill("4242424242424242")
    await page.locator("#pay").click()
    await page.waitForURL((url) => url.hostname === SHOP)
    const verified = await client.verifyCheckout(page.url(), {
      merchantOrderId: "order-message-1",
      currencyCode: "AUD"
    })
    const planId = verified.allocate ? verified.planId : undefined
    if (planId === undefined) throw new Error("no plan after paying")
    const plan = await client.retrievePlan(planId)
    const payments = plan.installments!
    expect(Money.toMinorUnits(payments[0]!.amount, 2)).toBe(minor(first!))
    expect(plan.totalPaid).toBe(payments[0]!.amount)
    expect(payments.length - 1).toBe(Number(count))
    for (const payment of payments.slice(1)) expect(Money.toMinorUnits(payment.amount, 2)).toBe(minor(each!))
    const last = Time.formatDate(Time.localDay(Date.parse(String(payments.at(-1)!.date)), "Australia/Sydney"))
    // the demo writes dates in en: "February 14, 2027"
    expect(new Date(`${lastDate} UTC`).toISOString().slice(0, 10)).toBe(last)
    expect(errors).toEqual([])
    await page.close()
  })
})
