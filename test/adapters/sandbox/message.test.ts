/**
 * The sandbox's plan messaging: the element's script at GET /widget/message.js and the
 * product-page demo at GET /widget/message-demo?checkout={id}, in-process.
 */
import { describe, expect, it } from "vitest"
import { MESSAGE_ELEMENT_SCRIPT } from "../../../src/messaging/element/script.generated.ts"
import { planMessage } from "../../../src/messaging/index.ts"
import { createCheckout, makeSandbox, MERCHANTS_FILE, NOW } from "./helpers.ts"

describe("plan messaging in the sandbox", () => {
  it("serves the element's script, without credentials", async () => {
    const t = makeSandbox()
    const response = await t.call("GET", "/widget/message.js", { auth: null })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(response.body).toBe(MESSAGE_ELEMENT_SCRIPT)
  })

  it("shows the element of each item with planMessage's sentence, the link to the widget, and a strict policy", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const response = await t.call("GET", `/widget/message-demo?checkout=${checkout.id}`, { auth: null })
    expect(response.status).toBe(200)
    const html = String(response.body)
    const merchant = MERCHANTS_FILE.merchants[0]!
    const request = checkout as unknown as { currencyCode: string; items: ReadonlyArray<Record<string, unknown>> }
    expect(html.split("<payment-plan-message ").length - 1).toBe(request.items.length)
    for (const item of request.items) {
      const message = planMessage({
        currencyCode: request.currencyCode,
        costPerItem: item["costPerItem"] as number,
        quantity: item["quantity"] as number,
        minimumDepositPerItem: item["minimumDepositPerItem"] as { unit: string; value: number },
        redemptionDate: item["redemptionDate"] as string,
        paymentDeadline: item["paymentDeadline"] as number | undefined
      }, { now: NOW, timeZone: "Australia/Sydney", merchant: { ...merchant, apiKey: undefined }, locale: "en" })
      expect(message.ok && html.includes(`aria-live="polite">${message.value.text}</p>`)).toBe(true)
    }
    expect(html).toContain(`href="http://sandbox.test/widget/checkout/${checkout.id}"`)
    expect(html).toContain(`<script src="http://sandbox.test/widget/message.js" defer></script>`)
    const policy = response.headers.get("content-security-policy")!
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("connect-src 'none'")
    expect(policy).not.toContain("unsafe-inline")
  })

  it("refuses a missing checkout (422, as any invalid input) and an unknown one (404)", async () => {
    const t = makeSandbox()
    expect((await t.call("GET", "/widget/message-demo", { auth: null })).status).toBe(422)
    expect((await t.call("GET", "/widget/message-demo?checkout=chk_nope", { auth: null })).status).toBe(404)
  })
})
