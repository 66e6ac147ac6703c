/**
 * The committed assets.generated.ts is what scripts/build-widget.ts builds from
 * the widget's sources now: change page.ts, sdk.ts, page.css or page.html, and
 * this fails until `npm run build:widget` has run.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { buildWidgetAssets, OUTPUT, renderWidgetAssets } from "../../../../scripts/build-widget.ts"

describe("the widget's bundled assets", () => {
  it("are up to date with their sources (npm run build:widget)", async () => {
    const built = renderWidgetAssets(await buildWidgetAssets())
    const committed = readFileSync(new URL(`../../../../${OUTPUT}`, import.meta.url), "utf8")
    expect(committed === built, `${OUTPUT} is out of date: run npm run build:widget`).toBe(true)
  })

  it("stay small: the core's money and calendar come without Effect or the currency table", async () => {
    const { pageScript, sdkScript } = await buildWidgetAssets()
    expect(pageScript.length).toBeLessThan(24_000)
    expect(sdkScript.length).toBeLessThan(4_000)
    // the ISO 4217 table names every currency ("AED" first); Effect's modules carry their TypeId strings
    expect(pageScript).not.toMatch(/\bAED\b|~effect\//)
  }, 30_000)
})
