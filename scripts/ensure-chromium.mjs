// Makes sure the browser test has its browser: Debian's Chromium at /usr/bin/chromium.
// Runs before `npm test` (the `pretest` script), so a clean CI machine that runs
// `npm ci && npm test` installs it with apt-get when it can (root, or sudo without
// a password). When it cannot, it says so and the browser test fails with the same
// message: the test is never skipped silently.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0

/** How to run apt-get as root here, or undefined when we cannot. */
const asRoot = () => {
  if (process.platform !== "linux" || !has("apt-get")) return undefined
  if (process.getuid?.() === 0) return []
  if (has("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0) return ["sudo", "-n"]
  return undefined
}

if (existsSync(CHROMIUM)) process.exit(0)

const prefix = asRoot()
if (prefix === undefined) {
  console.warn(
    `\n!! ${CHROMIUM} is missing and cannot be installed here (needs Debian/Ubuntu apt-get as root or passwordless sudo).\n` +
      `!! The browser test (test/adapters/sandbox/browser.test.ts) will fail. Install it with:\n` +
      `!!   sudo apt-get install -y --no-install-recommends chromium\n` +
      `!! or point CHROMIUM_PATH at a Chromium binary.\n`
  )
  process.exit(0)
}

console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get for the browser test`)
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
const run = (args) => {
  const [command, ...rest] = [...prefix, ...args]
  execFileSync(command, rest, { stdio: "inherit", env })
}
try {
  run(["apt-get", "update"])
  run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"])
} catch (error) {
  console.warn(`\n!! apt-get could not install chromium (${error.message}); the browser test will fail.\n`)
  process.exit(0)
}
if (!existsSync(CHROMIUM)) {
  console.warn(`\n!! apt-get finished but ${CHROMIUM} is still missing; the browser test will fail.\n`)
}
