/**
 * The widget as the sandbox serves it: the hosted page's document with its
 * Content-Security-Policy, and the SDK bundle wrapped with its base URL.
 */
import fc from "fast-check"
import { createHash } from "node:crypto"
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"
import { PAGE_SCRIPT, PAGE_STYLE } from "../../../../src/adapters/sandbox/widget/assets.generated.ts"
import { checkoutPage, checkoutPagePolicy, widgetScript } from "../../../../src/adapters/sandbox/widget/index.ts"
import { fakeWindow } from "./fake-dom.ts"

const BASE = "http://127.0.0.1:4010"

/** The inline scripts of a page: [the JSON config, the page script]. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, text: m[2]! }))

const configOf = (html: string): { checkoutId: string; baseUrl: string } =>
  JSON.parse(scriptsOf(html).find((s) => s.attributes.includes("id=\"ppe-config\""))!.text)

const policyOf = (html: string): string =>
  /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!.replace(/&#39;/g, "'")

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`

describe("checkoutPage: a self-contained page", () => {
  const html = checkoutPage("chk_1", BASE)

  it("has the labelled controls the customer and the browser test use", () => {
    expect(html).toMatch(/<label for="deposit">Deposit/)
    expect(html).toMatch(/<input id="deposit"[^>]*type="number"/)
    expect(html).toMatch(/<label for="card">Card number<\/label>/)
    expect(html).toMatch(/<button type="submit" id="pay"[^>]*>Pay<\/button>/)
    expect(html).toMatch(/<button type="button" id="cancel"[^>]*>Cancel and return to the merchant<\/button>/)
    expect(html).toContain("<legend>How often you pay</legend>")
    expect(html).toMatch(/role="status" aria-live="polite"/)
    expect(html).toContain("<html lang=\"en\">")
  })

  it("loads nothing from elsewhere: inline style and script only", () => {
    expect(html).not.toMatch(/<link\b/i)
    expect(html).not.toMatch(/<(script|img|iframe)\b[^>]*\bsrc=/i)
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)![1]).not.toMatch(/@import|url\(/i)
    expect(scriptsOf(html)).toHaveLength(2)
  })

  it("allows exactly its own script and style, by the hashes computed at build time", () => {
    const script = scriptsOf(html).find((s) => s.attributes.trim() === "")!.text
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
    expect(script).toBe(PAGE_SCRIPT)
    expect(style).toBe(PAGE_STYLE)
    const csp = policyOf(html)
    expect(csp).toBe(checkoutPagePolicy(BASE))
    expect(csp).toContain(`script-src '${sha256(script)}'`)
    expect(csp).toContain(`style-src '${sha256(style)}'`)
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain(`connect-src 'self' ${BASE}`)
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
    const csp = policyOf(html)
    expect(csp).toContain("connect-src 'self';")
    expect(csp).not.toContain("javascript")
  })

  it("the page's bundle runs, and starts only where its configuration is", () => {
    const asked: Array<string> = []
    const document = { getElementById: (id: string) => (asked.push(id), null) }
    runInNewContext(PAGE_SCRIPT, { window: { document }, document })
    expect(asked).toEqual(["ppe-config"])
  })
})

describe("widgetScript: the SDK bundle with its base URL", () => {
  const run = (baseUrl: string, dataset: Record<string, string> | null = null) => {
    const fake = fakeWindow(dataset === null ? null : { dataset })
    runInNewContext(widgetScript(baseUrl), { window: fake.window, document: fake.window["document"] })
    return { ...fake, api: fake.window["PaymentPlanWidget"] as { baseUrl: string; pageUrl(id: string): string } }
  }

  it("installs window.PaymentPlanWidget for the sandbox's base URL", () => {
    const { api } = run(`${BASE}/`)
    expect(api.baseUrl).toBe(BASE)
    expect(api.pageUrl("chk_1")).toBe(`${BASE}/widget/checkout/chk_1`)
  })

  it("displays the checkout its script element names", () => {
    expect(run(BASE, { checkoutId: "chk_9" }).assigned).toEqual([`${BASE}/widget/checkout/chk_9`])
    expect(run(BASE, { checkoutId: "chk_9", status: "500" }).assigned).toEqual([])
  })

  it("embeds the base URL as data", () => {
    const hostile = `http://x/"+alert(1)+"\u2028</script>`
    expect(run(hostile).api.baseUrl).toBe(hostile)
    expect(widgetScript(hostile)).not.toMatch(/<\/script/i)
  })
})
