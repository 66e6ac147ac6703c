/**
 * Where the browser test (test/adapters/sandbox/browser.test.ts) finds its
 * Chromium, in this order:
 *
 * 1. `CHROMIUM_PATH`, when set: that binary and nothing else (a path that does
 *    not exist is an error, never a silent fallback);
 * 2. Debian's `chromium` at /usr/bin/chromium (what `npm test`'s pretest step
 *    installs with apt-get where it can, scripts/ensure-chromium.mjs);
 * 3. playwright-core's own browser, `chromium.executablePath()`: where
 *    `npx playwright-core install chromium` puts it, on any platform.
 *
 * Without one, the answer says how to get one on this platform; the test fails
 * with that message, it never skips.
 */
import { existsSync } from "node:fs"
import { chromium } from "playwright-core"

/** The flags the browser tests launch Chromium with: headless in a container, and no request of its own. */
export const CHROMIUM_ARGS: ReadonlyArray<string> = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]

/** Debian's (and Ubuntu's) chromium package. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium"

/** What the search reads: the environment, the file system and playwright-core. */
export interface ChromiumSources {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly platform: string
  readonly exists: (path: string) => boolean
  /** playwright-core's browser path (it may not be installed; it may throw on a platform it does not know). */
  readonly playwright: () => string
}

/** Which source gave the browser. */
export type ChromiumSource = "CHROMIUM_PATH" | "debian" | "playwright"

export type ChromiumSearch =
  | { readonly found: true; readonly path: string; readonly source: ChromiumSource }
  | { readonly found: false; readonly message: string }

/** This machine's sources. */
export const systemSources = (): ChromiumSources => ({
  env: process.env,
  platform: process.platform,
  exists: existsSync,
  playwright: () => chromium.executablePath()
})

const howToInstall = (platform: string): string =>
  [
    ...(platform === "linux" ?
      [
        "On Debian or Ubuntu, `npm test` installs it when it runs as root or with passwordless sudo; otherwise run " +
        "`sudo apt-get install -y --no-install-recommends chromium`."
      ] :
      []),
    "On any platform, `npx playwright-core install chromium` downloads Playwright's Chromium, which is found " +
    "without further setting.",
    "Or set CHROMIUM_PATH to a Chromium or Chrome binary" +
    (platform === "darwin" ? " (for example \"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome\")." : ".")
  ].join(" ")

/** Finds the browser test's Chromium (see the module's comment for the order). */
export const findChromium = (sources: ChromiumSources = systemSources()): ChromiumSearch => {
  const explicit = sources.env["CHROMIUM_PATH"]
  if (explicit) {
    return sources.exists(explicit) ?
      { found: true, path: explicit, source: "CHROMIUM_PATH" } :
      {
        found: false,
        message: `CHROMIUM_PATH is ${explicit}, which does not exist: point it at a Chromium or Chrome binary, ` +
          `or unset it to use ${DEBIAN_CHROMIUM} or playwright-core's browser.`
      }
  }
  if (sources.exists(DEBIAN_CHROMIUM)) return { found: true, path: DEBIAN_CHROMIUM, source: "debian" }
  let playwright: string | undefined
  try {
    playwright = sources.playwright()
  } catch {
    playwright = undefined
  }
  if (playwright && sources.exists(playwright)) return { found: true, path: playwright, source: "playwright" }
  return {
    found: false,
    message: `The browser test needs Chromium and found none (not CHROMIUM_PATH, not ${DEBIAN_CHROMIUM}, ` +
      `not playwright-core's browser${playwright ? ` at ${playwright}` : ""}). ${howToInstall(sources.platform)}`
  }
}
