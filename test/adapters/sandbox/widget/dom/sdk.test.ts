/**
 * The merchant-side SDK, imported as the module the SDK bundle is built from
 * (src/adapters/sandbox/widget/dom/sdk.ts), against a minimal fake window. The
 * served bundle is run in index.test.ts, the real thing in browser.test.ts.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { displayFromScript, install, type WidgetWindow } from "../../../../../src/adapters/sandbox/widget/dom/sdk.ts"
import { shouldDisplayWidget } from "../../../../../src/core/verification/index.ts"
import { type FakeNode, fakeWindow } from "../fake-dom.ts"

const BASE = "http://127.0.0.1:4010"

const load = (baseUrl = BASE) => {
  const fake = fakeWindow()
  return { ...fake, api: install(fake.window as unknown as WidgetWindow, baseUrl) }
}

describe("the SDK", () => {
  it("R8.3: displays the checkout below 500 and nothing from 500: the core's shouldDisplayWidget", () => {
    const status = fc.oneof(
      fc.integer({ min: -100, max: 1000 }),
      fc.constantFrom(undefined, null, "201", 201.5, Number.NaN)
    )
    fc.assert(
      fc.property(status, (status) => {
        const { api, assigned } = load()
        const result = api.display({ status, body: { id: "chk_1" } })
        expect(result.displayed).toBe(shouldDisplayWidget(status))
        expect(api.shouldDisplay).toBe(shouldDisplayWidget)
        expect(assigned).toEqual(shouldDisplayWidget(status) ? [`${BASE}/widget/checkout/chk_1`] : [])
      })
    )
  })

  it("R8.3: shows a validation failure's issues as text when there is no checkout to open", () => {
    const { api, assigned, body: page, container } = load()
    const body = {
      code: "validation_failed",
      message: "<b>bad</b> request",
      issues: [{ path: "items[0].costPerItem", message: "has more than 2 fraction digits" }, { code: "required" }]
    }
    const result = api.display({ status: 400, body, container: "#plan" })
    expect(result).toMatchObject({ displayed: true, mode: "errors" })
    expect(assigned).toEqual([])
    const box = container.children[0]!
    expect(box.attributes["role"]).toBe("alert")
    expect(container.text()).toContain("<b>bad</b> request")
    expect(container.text()).toContain("items[0].costPerItem: has more than 2 fraction digits")
    expect(container.text()).toContain("required")
    expect(api.display({ status: 503, body, container: "#plan" }).displayed).toBe(false)
    // without a container the issues go first on the merchant's page
    expect(api.display({ status: 422, body }).displayed).toBe(true)
    expect(page.children[0]!.attributes["role"]).toBe("alert")
  })

  it("embeds the hosted page and follows only its own redirect message", () => {
    const { api, assigned, container, listeners } = load()
    const result = api.display({ status: 201, body: { id: "chk_1" }, container: "#plan" })
    expect(result.displayed && result.mode).toBe("embed")
    const frame = container.children[0]! as FakeNode
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
    send({ origin: BASE, source: frame.contentWindow, data: { ...message, type: "other" } })
    send({ origin: BASE, source: frame.contentWindow, data: null })
    expect(assigned).toEqual([])
    send({ origin: BASE, source: frame.contentWindow, data: message })
    expect(assigned).toEqual([message.url])
  })

  it("refuses a malformed checkout id (R8.1) and a missing container", () => {
    const { api } = load()
    expect(() => api.pageUrl("../admin")).toThrow(/invalid checkout id/)
    expect(() => api.open("a".repeat(257))).toThrow(/invalid checkout id/)
    expect(() => api.embed("chk_1", "#nowhere")).toThrow(/container not found/)
    expect(api.pageUrl("chk_1")).toBe(`${BASE}/widget/checkout/chk_1`)
  })

  it("starts from the script element's data attributes", () => {
    const start = (dataset: Record<string, string>) => {
      const { api, assigned, container } = load()
      displayFromScript(api, { dataset } as unknown as HTMLScriptElement)
      return { assigned, container }
    }
    expect(start({ checkoutId: "chk_9" }).assigned).toEqual([`${BASE}/widget/checkout/chk_9`])
    expect(start({ checkoutId: "chk_9", status: "500" }).assigned).toEqual([])
    expect(start({}).assigned).toEqual([])
    const embedded = start({ checkoutId: "chk_9", status: "201", container: "#plan" })
    expect(embedded.assigned).toEqual([])
    expect(embedded.container.children[0]!.tagName).toBe("iframe")
  })
})
