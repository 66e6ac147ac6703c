import fc from "fast-check"
import { createHash } from "node:crypto"
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"
import { checkoutPage, widgetScript } from "../../../src/adapters/sandbox/widget-page.ts"
import * as Money from "../../../src/core/foundation/money.ts"
import { shouldDisplayWidget } from "../../../src/core/verification/index.ts"

const BASE = "http://127.0.0.1:4010"

/** The inline scripts of a page: [the JSON config, the page script]. */
const scriptsOf = (html: string) => {
  const matches = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
  return matches.map((m) => ({ attributes: m[1]!, text: m[2]! }))
}

const configOf = (html: string): { checkoutId: string; baseUrl: string } => {
  const config = scriptsOf(html).find((s) => s.attributes.includes("id=\"ppe-config\""))
  return JSON.parse(config!.text)
}

// The page's functions, evaluated outside a browser (the script starts only where the page's config exists).
interface PageFunctions {
  decimalText(value: unknown): string | null
  toMinor(value: unknown, digits: number): bigint | null
  fromMinor(minor: bigint, digits: number): string
  toJsonNumber(minor: bigint, digits: number): number
  formatMoney(value: unknown, currency: { currencyCode: string; digits: number }): string
  formatDate(text: string): string
  planTermsRequest(checkoutId: string, choice: Record<string, unknown>): Record<string, unknown>
  safeRedirect(url: string, base?: string): string | null
  describeTerms(terms: unknown, currency: { currencyCode: string; digits: number }, frequency: string): string
  cumulative(schedule: ReadonlyArray<{ date: string; amount: number }>, digits: number): Array<{ v: bigint }>
}
const pageScript = scriptsOf(checkoutPage("chk_1", BASE)).find((s) => s.attributes.trim() === "")!.text
const page = runInNewContext(`${pageScript}\n;PaymentPlanPage`, { URL }) as PageFunctions
const AUD = { currencyCode: "AUD", digits: 2 }
const JPY = { currencyCode: "JPY", digits: 0 }
const KWD = { currencyCode: "KWD", digits: 3 }

describe("checkoutPage: a self-contained page", () => {
  const html = checkoutPage("chk_1", BASE)

  it("has the labelled controls the customer and the browser test use", () => {
    expect(html).toMatch(/<label for="deposit">Deposit/)
    expect(html).toMatch(/<input id="deposit"[^>]*type="number"/)
    expect(html).toMatch(/<label for="card">Card number<\/label>/)
    expect(html).toMatch(/<button type="submit" id="pay"[^>]*>Pay deposit<\/button>/)
    expect(html).toMatch(/<button type="button" id="cancel"[^>]*>Cancel and return to the merchant<\/button>/)
    expect(html).toContain("<legend>How often you pay</legend>")
    expect(html).toMatch(/role="status" aria-live="polite"/)
    expect(html).toContain("<html lang=\"en\">")
    // the cadence options are built by the script, each a labelled radio
    expect(pageScript).toContain("[\"Weekly\", \"Fortnightly\", \"Monthly\"]")
    expect(pageScript).toMatch(/el\(doc, "input", \{ type: "radio", name: "cadence"/)
    expect(pageScript).toMatch(/el\(doc, "label", \{ "for": id \}/)
  })

  it("loads nothing from elsewhere: inline style and script only", () => {
    expect(html).not.toMatch(/<link\b/i)
    expect(html).not.toMatch(/<(script|img|iframe)\b[^>]*\bsrc=/i)
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)![1]).not.toMatch(/@import|url\(/i)
    expect(scriptsOf(html)).toHaveLength(2)
  })

  it("allows exactly its own script and style through a Content-Security-Policy", () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!
    const hash = (text: string) => createHash("sha256").update(text, "utf8").digest("base64")
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
    expect(csp).toContain(`script-src 'sha256-${hash(pageScript)}'`)
    expect(csp).toContain(`style-src 'sha256-${hash(style)}'`)
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain(`connect-src 'self' ${BASE}`)
  })

  it("puts merchant data into the DOM as text only, never as markup", () => {
    // item names, policy names and order ids come from the merchant; only textContent and text nodes carry them
    expect(pageScript).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/)
    expect(pageScript).toMatch(/createTextNode/)
  })

  it("embeds any checkout id and base URL as data that cannot close the script or run", () => {
    const hostile = fc.oneof(
      fc.constantFrom("</script><script>alert(1)</script>", "<!--<script>", "\u2028\u2029", "'\"&<>", "</SCRIPT >"),
      fc.string({ unit: "grapheme" }),
      fc.string()
    )
    fc.assert(
      fc.property(hostile, hostile, (checkoutId, suffix) => {
        const base = `${BASE}/${suffix}`
        const html = checkoutPage(checkoutId, base)
        expect(html.match(/<\/script/gi)).toHaveLength(2)
        expect(html.match(/<script/gi)).toHaveLength(2)
        expect(html.slice(html.indexOf("id=\"ppe-config\""))).not.toMatch(/<!--/)
        const config = configOf(html)
        expect(config.checkoutId).toBe(checkoutId)
        expect(config.baseUrl).toBe(base.replace(/\/+$/, ""))
        // the CSP attribute stays one attribute
        expect(html.match(/<meta [^>]*Content-Security-Policy[^>]*>/g)).toHaveLength(1)
      })
    )
  })

  it("keeps a hostile base URL out of the policy", () => {
    const html = checkoutPage("chk_1", "javascript:alert(1)//\" onload=\"x")
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!
    expect(csp).toContain("connect-src 'self';")
    expect(csp).not.toContain("javascript")
  })
})

describe("the page's money (R1): decimal text and bigint minor units", () => {
  it("reads amounts exactly and refuses more digits than the currency has (R1.3)", () => {
    expect(page.toMinor(280.5, 2)).toBe(28050n)
    expect(page.toMinor("280.50", 2)).toBe(28050n)
    expect(page.toMinor(0.1, 2)).toBe(10n)
    expect(page.toMinor(10.005, 2)).toBeNull()
    expect(page.toMinor(100.5, 0)).toBeNull()
    expect(page.toMinor(10000, 0)).toBe(10000n)
    expect(page.toMinor(1.234, 3)).toBe(1234n)
    expect(page.toMinor(-1.5, 2)).toBe(-150n)
    expect(page.toMinor("", 2)).toBeNull()
    expect(page.toMinor("1e3", 2)).toBeNull()
    expect(page.toMinor(Number.NaN, 2)).toBeNull()
    expect(page.toMinor(1e-7, 2)).toBeNull()
    expect(page.toMinor(1e21, 0)).toBe(10n ** 21n)
  })

  it("R1.4: a minor amount goes out as the JSON number the core reads back exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -Money.MAX_MINOR_UNITS, max: Money.MAX_MINOR_UNITS }),
        (digits, minor) => {
          const big = BigInt(minor)
          expect(page.toMinor(page.fromMinor(big, digits), digits)).toBe(big)
          const json = page.toJsonNumber(big, digits)
          expect(Money.toMinorUnits(json, digits)).toBe(minor)
          expect(page.toMinor(json, digits)).toBe(big)
          expect(page.toMinor(JSON.parse(JSON.stringify(json)), digits)).toBe(big)
        }
      )
    )
  })

  it("R1.2: shows the currency's digits, zero-decimal currencies too", () => {
    expect(page.formatMoney(1234.5, AUD)).toBe("AUD\u00a01,234.50")
    expect(page.formatMoney(0, AUD)).toBe("AUD\u00a00.00")
    expect(page.formatMoney(0.05, AUD)).toBe("AUD\u00a00.05")
    expect(page.formatMoney(1234567, JPY)).toBe("JPY\u00a01,234,567")
    expect(page.formatMoney(1.5, KWD)).toBe("KWD\u00a01.500")
    expect(page.formatMoney(-12.3, AUD)).toBe("-AUD\u00a012.30")
    // an amount the currency cannot hold is shown as received, never rounded into another amount
    expect(page.formatMoney(100.5, JPY)).toBe("100.5")
  })

  it("R1.2: every shown amount has exactly the currency's digits and reads back to the same minor units", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: Money.MAX_MINOR_UNITS }),
        (digits, minor) => {
          const shown = page.formatMoney(Money.fromMinorUnits(minor, digits), { currencyCode: "XTS", digits })
          const number = shown.replace("XTS\u00a0", "").replace(/,/g, "")
          expect(number.split(".")[1]?.length ?? 0).toBe(digits)
          expect(page.toMinor(number, digits)).toBe(BigInt(minor))
        }
      )
    )
  })

  it("sums a schedule exactly", () => {
    const schedule = [
      { installmentNumber: 1, date: "2026-11-23", amount: 280.52 },
      ...Array.from({ length: 12 }, (_, i) => ({ installmentNumber: i + 2, date: "2026-12-01", amount: 68.29 }))
    ]
    const points = page.cumulative(schedule, 2)
    expect(points).toHaveLength(13)
    expect(points[12]!.v).toBe(110000n)
  })
})

describe("the page's requests", () => {
  it("R6: asks for the chosen cadence and deposit, the deposit as a JSON number", () => {
    const request = page.planTermsRequest("chk_1", {
      planType: "Installment",
      frequency: "Fortnightly",
      deposit: 28050n,
      digits: 2,
      timeZone: "Australia/Sydney"
    })
    expect(JSON.parse(JSON.stringify(request))).toEqual({
      checkoutId: "chk_1",
      type: "plan",
      planType: "Installment",
      timeZone: "Australia/Sydney",
      deposit: { amount: 280.5 },
      installments: { cadence: { frequency: "Fortnightly" } }
    })
    expect(JSON.stringify(request)).toContain("\"amount\":280.5")
  })

  it("R6.4, R6.8: leaves the deposit to the default before the customer picks one, and has no cadence when paying in full", () => {
    const first = JSON.parse(
      JSON.stringify(page.planTermsRequest("chk_1", { frequency: "Weekly", deposit: null, digits: 0, timeZone: "UTC" }))
    )
    expect(first).toEqual({
      checkoutId: "chk_1",
      type: "plan",
      timeZone: "UTC",
      installments: { cadence: { frequency: "Weekly" } }
    })
    const full = JSON.parse(
      JSON.stringify(
        page.planTermsRequest("chk_1", {
          planType: "PayInFull",
          frequency: null,
          deposit: 110000n,
          digits: 0,
          timeZone: "UTC"
        })
      )
    )
    expect(full).toEqual({
      checkoutId: "chk_1",
      type: "plan",
      planType: "PayInFull",
      timeZone: "UTC",
      deposit: { amount: 110000 }
    })
  })

  it("follows only http(s) redirects", () => {
    expect(page.safeRedirect("https://shop.example/return?service_checkout_id=chk_1")).toBe(
      "https://shop.example/return?service_checkout_id=chk_1"
    )
    expect(page.safeRedirect("javascript:alert(1)")).toBeNull()
    expect(page.safeRedirect("data:text/html,<script>alert(1)</script>")).toBeNull()
    expect(page.safeRedirect("not a url")).toBeNull()
    expect(page.safeRedirect("/return", "http://127.0.0.1:4010/widget/checkout/x")).toBe("http://127.0.0.1:4010/return")
  })

  it("R6.6: describes terms, and says why terms are unacceptable", () => {
    const terms = { deposit: { amount: 280.5 }, installments: { amount: 136.58, count: 6, validation: [] } }
    expect(page.describeTerms(terms, AUD, "Fortnightly")).toBe(
      "6 fortnightly payments of AUD\u00a0136.58 after the deposit"
    )
    expect(page.describeTerms({ installments: { count: 1, amount: 5000 } }, JPY, "Monthly")).toBe(
      "1 monthly payment of JPY\u00a05,000 after the deposit"
    )
    expect(
      page.describeTerms(
        { installments: { count: 0, validation: [{ key: "installments.unavailable", value: "0" }] } },
        AUD,
        "Weekly"
      )
    ).toMatch(
      /^Not available: No instalment/
    )
    expect(page.describeTerms({ installments: { count: 0, validation: [] } }, AUD, "Weekly")).toBe("Pay in full today")
  })

  it("writes dates as the calendar date given", () => {
    expect(page.formatDate("2027-02-11")).toBe("Thu 11 Feb 2027")
    expect(page.formatDate("2026-12-31T00:00:00.000Z")).toBe("Thu 31 Dec 2026")
    expect(page.formatDate("soon")).toBe("soon")
  })
})

// ---------------------------------------------------------------------------
// The merchant-side script, run against a minimal fake window

class FakeNode {
  readonly children: Array<FakeNode> = []
  readonly attributes: Record<string, string> = {}
  readonly style: Record<string, string> = {}
  textContent = ""
  src = ""
  title = ""
  className = ""
  contentWindow = {}
  readonly tagName: string
  constructor(tagName: string) {
    this.tagName = tagName
  }
  get firstChild(): FakeNode | null {
    return this.children[0] ?? null
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value
  }
  appendChild(child: FakeNode) {
    this.children.push(child)
    return child
  }
  insertBefore(child: FakeNode) {
    this.children.unshift(child)
    return child
  }
  removeChild(child: FakeNode) {
    this.children.splice(this.children.indexOf(child), 1)
    return child
  }
  text(): string {
    return this.textContent + this.children.map((c) => c.text()).join(" ")
  }
}

const loadWidget = (baseUrl: string, currentScript: { dataset: Record<string, string> } | null = null) => {
  const assigned: Array<string> = []
  const listeners: Array<(event: unknown) => void> = []
  const container = new FakeNode("div")
  const body = new FakeNode("body")
  const window: Record<string, unknown> = {
    location: { assign: (url: string) => assigned.push(url) },
    addEventListener: (_: string, listener: (event: unknown) => void) => listeners.push(listener),
    document: {
      currentScript,
      body,
      createElement: (tag: string) => new FakeNode(tag),
      querySelector: (selector: string) => (selector === "#plan" ? container : null)
    }
  }
  runInNewContext(widgetScript(baseUrl), { window, URL, encodeURIComponent })
  const api = window["PaymentPlanWidget"] as {
    baseUrl: string
    display(options: unknown): { displayed: boolean; mode?: string; frame?: FakeNode }
    shouldDisplay(status: unknown): boolean
    pageUrl(id: string): string
  }
  return { api, assigned, listeners, container, body }
}

describe("widgetScript: the merchant-side script", () => {
  it("R8.3: displays the checkout below 500 and nothing from 500, like shouldDisplayWidget", () => {
    const status = fc.oneof(
      fc.integer({ min: -100, max: 1000 }),
      fc.constantFrom(undefined, null, "201", 201.5, Number.NaN)
    )
    fc.assert(
      fc.property(status, (status) => {
        const { api, assigned } = loadWidget(BASE)
        const result = api.display({ status, body: { id: "chk_1" } })
        expect(result.displayed).toBe(shouldDisplayWidget(status))
        expect(api.shouldDisplay(status)).toBe(shouldDisplayWidget(status))
        expect(assigned).toEqual(shouldDisplayWidget(status) ? [`${BASE}/widget/checkout/chk_1`] : [])
      })
    )
  })

  it("R8.3: shows a validation failure's issues as text when there is no checkout to open", () => {
    const { api, assigned, container } = loadWidget(BASE)
    const body = {
      code: "validation_failed",
      message: "<b>bad</b> request",
      issues: [{ path: "items[0].costPerItem", message: "has more than 2 fraction digits" }]
    }
    const result = api.display({ status: 400, body, container: "#plan" })
    expect(result).toMatchObject({ displayed: true, mode: "errors" })
    expect(assigned).toEqual([])
    expect(container.children[0]!.attributes["role"]).toBe("alert")
    expect(container.text()).toContain("<b>bad</b> request")
    expect(container.text()).toContain("items[0].costPerItem: has more than 2 fraction digits")
    expect(api.display({ status: 503, body, container: "#plan" }).displayed).toBe(false)
  })

  it("embeds the hosted page and follows only its own redirect message", () => {
    const { api, assigned, listeners, container } = loadWidget(`${BASE}/`)
    const result = api.display({ status: 201, body: { id: "chk_1" }, container: "#plan" })
    expect(result.mode).toBe("embed")
    const frame = container.children[0]!
    expect(frame.tagName).toBe("iframe")
    expect(frame.src).toBe(`${BASE}/widget/checkout/chk_1`)
    const message = {
      type: "payment-plan-engine:redirect",
      checkoutId: "chk_1",
      url: "https://shop.example/r?service_checkout_id=chk_1"
    }
    const send = (event: unknown) => listeners.forEach((l) => l(event))
    send({ origin: "https://evil.example", source: frame.contentWindow, data: message })
    send({ origin: BASE, source: {}, data: message })
    send({ origin: BASE, source: frame.contentWindow, data: { ...message, url: "javascript:alert(1)" } })
    send({ origin: BASE, source: frame.contentWindow, data: { ...message, checkoutId: "chk_2" } })
    expect(assigned).toEqual([])
    send({ origin: BASE, source: frame.contentWindow, data: message })
    expect(assigned).toEqual([message.url])
  })

  it("starts from the script tag's data attributes", () => {
    const { assigned } = loadWidget(BASE, { dataset: { checkoutId: "chk_9" } })
    expect(assigned).toEqual([`${BASE}/widget/checkout/chk_9`])
    expect(loadWidget(BASE, { dataset: { checkoutId: "chk_9", status: "500" } }).assigned).toEqual([])
  })

  it("refuses a malformed checkout id (R8.1) and embeds the base URL as data", () => {
    const { api } = loadWidget(BASE)
    expect(() => api.pageUrl("../admin")).toThrow(/invalid checkout id/)
    const hostile = `http://x/"+alert(1)+"\u2028</script>`
    expect(loadWidget(hostile).api.baseUrl).toBe(hostile)
  })
})
