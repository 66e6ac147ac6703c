// Makes sure the browser test has its browser (scripts/chromium.ts: CHROMIUM_PATH, then Debian's
// /usr/bin/chromium, then playwright-core's own browser). Runs before `npm test` (the `pretest`
// script), so a clean CI machine that runs `npm ci && npm test` installs Debian's chromium with
// apt-get when it can (root, or sudo without a password). When no browser is found and apt-get
// cannot help (macOS, another Linux, no root), it says how to get one and the browser test fails
// with the same message: the test is never skipped silently.
import { execFileSync, spawnSync } from "node:child_process"
import { DEBIAN_CHROMIUM, findChromium } from "./chromium.ts"

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0

/** How to run apt-get as root here, or undefined when we cannot. */
const asRoot = () => {
  if (process.platform !== "linux" || !has("apt-get")) return undefined
  if (process.getuid?.() === 0) return []
  if (has("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0) return ["sudo", "-n"]
  return undefined
}

const warn = (message) =>
  console.warn(`\n!! ${message}\n!! The browser test (test/adapters/sandbox/browser.test.ts) will fail.\n`)

const search = findChromium()
if (search.found) process.exit(0)

const prefix = process.env.CHROMIUM_PATH ? undefined : asRoot()
if (prefix === undefined) {
  warn(search.message)
  process.exit(0)
}

console.log(`No Chromium for the browser test: installing Debian's chromium with apt-get`)
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
const run = (args) => {
  const [command, ...rest] = [...prefix, ...args]
  execFileSync(command, rest, { stdio: "inherit", env })
}
try {
  run(["apt-get", "update"])
  run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"])
} catch (error) {
  warn(`apt-get could not install chromium (${error.message}).`)
  process.exit(0)
}
if (!findChromium().found) warn(`apt-get finished but ${DEBIAN_CHROMIUM} is still missing.`)
