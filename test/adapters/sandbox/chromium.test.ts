/**
 * Where the browser test finds Chromium (scripts/chromium.ts): CHROMIUM_PATH,
 * then Debian's /usr/bin/chromium, then playwright-core's own browser; without
 * one, instructions that fit the platform.
 */
import { describe, expect, it } from "vitest"
import { type ChromiumSources, DEBIAN_CHROMIUM, findChromium } from "../../../scripts/chromium.ts"

const PLAYWRIGHT = "/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome"

const sources = (
  files: ReadonlyArray<string>,
  options: { env?: Record<string, string>; platform?: string; playwright?: () => string } = {}
): ChromiumSources => ({
  env: options.env ?? {},
  platform: options.platform ?? "linux",
  exists: (path) => files.includes(path),
  playwright: options.playwright ?? (() => PLAYWRIGHT)
})

describe("findChromium: the browser test's Chromium", () => {
  it("takes CHROMIUM_PATH first, over Debian's and playwright-core's", () => {
    const env = { CHROMIUM_PATH: "/opt/chromium/chrome" }
    expect(findChromium(sources(["/opt/chromium/chrome", DEBIAN_CHROMIUM, PLAYWRIGHT], { env }))).toEqual({
      found: true,
      path: "/opt/chromium/chrome",
      source: "CHROMIUM_PATH"
    })
  })

  it("refuses a CHROMIUM_PATH that does not exist rather than fall back", () => {
    const search = findChromium(sources([DEBIAN_CHROMIUM, PLAYWRIGHT], { env: { CHROMIUM_PATH: "/nope" } }))
    expect(search.found).toBe(false)
    expect(!search.found && search.message).toMatch(/^CHROMIUM_PATH is \/nope, which does not exist/)
  })

  it("then Debian's /usr/bin/chromium, over playwright-core's; an empty CHROMIUM_PATH is unset", () => {
    expect(findChromium(sources([DEBIAN_CHROMIUM, PLAYWRIGHT], { env: { CHROMIUM_PATH: "" } }))).toEqual({
      found: true,
      path: DEBIAN_CHROMIUM,
      source: "debian"
    })
  })

  it("then playwright-core's own browser (npx playwright-core install chromium), on any platform", () => {
    expect(findChromium(sources([PLAYWRIGHT], { platform: "darwin" }))).toEqual({
      found: true,
      path: PLAYWRIGHT,
      source: "playwright"
    })
  })

  it("without one, says how to get one on this platform: apt-get only where it applies", () => {
    const linux = findChromium(sources([]))
    expect(linux.found).toBe(false)
    const linuxMessage = linux.found ? "" : linux.message
    expect(linuxMessage).toContain(`not playwright-core's browser at ${PLAYWRIGHT}`)
    expect(linuxMessage).toContain("sudo apt-get install -y --no-install-recommends chromium")
    expect(linuxMessage).toContain("npx playwright-core install chromium")
    expect(linuxMessage).toContain("CHROMIUM_PATH")

    const mac = findChromium(sources([], { platform: "darwin" }))
    const macMessage = mac.found ? "" : mac.message
    expect(macMessage).not.toContain("apt-get")
    expect(macMessage).toContain("npx playwright-core install chromium")
    expect(macMessage).toContain("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")
  })

  it("survives a playwright-core that knows no browser for the platform", () => {
    const search = findChromium(sources([], {
      platform: "freebsd",
      playwright: () => {
        throw new Error("Unsupported platform")
      }
    }))
    expect(search.found).toBe(false)
    expect(search.found ? "" : search.message).toContain("npx playwright-core install chromium")
  })
})
