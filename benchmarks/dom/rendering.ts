/**
 * The messaging benchmark's rendering (benchmarks/messaging.bench.ts): 100 `<payment-plan-message>`
 * elements (100 products) rendered in headless Chromium, against a `textContent` write of the same
 * sentences; medians of 30 rounds after a warm-up.
 */
import fc from "fast-check"
import { chromium } from "playwright-core"
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts"
import { MESSAGE_ELEMENT_SCRIPT } from "../../src/messaging/element/script.generated.ts"
import { planMessage, renderPlanMessage } from "../../src/messaging/index.ts"
import { attributesOf, caseOf, expressibleMerchant } from "../../test/properties/messaging-cases.ts"
import type { Note } from "../harness.ts"

const median = (values: Array<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** 100 elements rendered in headless Chromium, against a textContent write of the same sentences. */
export const rendering = async (): Promise<Array<Note>> => {
  const browser = findChromium()
  if (!browser.found) return [{ text: `rendering 100 elements: ${browser.message}`, pass: false }]
  const cases = fc.sample(caseOf(expressibleMerchant), { numRuns: 100, seed: 100 })
  const products = cases.map((c) => {
    const attributes = attributesOf(renderPlanMessage(c.item, c.options))
    return { ...attributes, now: new Date(c.options.now).toISOString() }
  })
  const expected = cases.map((c) => {
    const m = planMessage(c.item, c.options)
    return m.ok ? m.value.text : ""
  })
  const instance = await chromium.launch({
    executablePath: browser.path,
    headless: true,
    args: [...CHROMIUM_ARGS]
  })
  try {
    const page = await instance.newPage({ viewport: { width: 1400, height: 1000 } })
    await page.setContent(`<!doctype html><html lang="en"><meta charset="utf-8"><body></body></html>`)
    await page.addScriptTag({ content: MESSAGE_ELEMENT_SCRIPT })
    const times = await page.evaluate(async ({ products, expected }) => {
      const elements: Array<number> = []
      const plain: Array<number> = []
      for (let round = 0; round < 31; round++) {
        const container = document.createElement("div")
        document.body.append(container)
        let start = performance.now()
        for (const attributes of products) {
          const element = document.createElement("payment-plan-message")
          for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
          container.append(element)
        }
        await Promise.resolve() // the elements render on the microtasks their connection queued
        container.getBoundingClientRect()
        elements.push(performance.now() - start)
        const shown = [...container.children].map((e) => e.shadowRoot?.querySelector("p")?.textContent)
        if (shown.some((text, i) => text !== expected[i])) throw new Error("an element shows another sentence")
        container.remove()

        const baseline = document.createElement("div")
        document.body.append(baseline)
        start = performance.now()
        for (const text of expected) {
          const p = document.createElement("p")
          p.textContent = text
          baseline.append(p)
        }
        baseline.getBoundingClientRect()
        plain.push(performance.now() - start)
        baseline.remove()
      }
      return { elements, plain }
    }, { products, expected })
    // the first round compiles and warms the script: the median of the other 30
    const elements = median(times.elements.slice(1))
    const plain = median(times.plain.slice(1))
    return [{
      text: `rendering 100 <payment-plan-message> elements (100 products) in headless Chromium: ${
        elements.toFixed(2)
      } ms (budget ≤ 20 ms); a textContent write of the same 100 sentences ${plain.toFixed(2)} ms; ratio ${
        (elements / plain).toFixed(1)
      }× (medians of 30 rounds)`,
      pass: elements <= 20
    }]
  } finally {
    await instance.close()
  }
}
