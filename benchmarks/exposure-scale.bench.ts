/**
 * The exposure command at scale: test/adapters/cli/exposure.test.ts's streaming property (the totals of
 * generated plans equal the sum of their individual refund calculations, R7.6; a typo far into the input said once,
 * R10.2) over a million plans instead of `npm test`'s 20,000. The same test, run by vitest with
 * EXPOSURE_PLANS=1000000; it passes or fails as the test does.
 *
 * `npm run bench -- exposure-scale`
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { Note, Suite } from "./harness.ts"

const PLANS = 1_000_000
const root = fileURLToPath(new URL("..", import.meta.url))

export const suite: Suite = {
  title: "Exposure report at scale: a million generated plans",
  budgetsOf: "the exposure command's totals and warnings over a million plans",
  cases: [],
  notes: (): ReadonlyArray<Note> => {
    const started = performance.now()
    const run = spawnSync(
      process.execPath,
      [`${root}node_modules/vitest/vitest.mjs`, "run", "test/adapters/cli/exposure.test.ts", "-t", "generated plans"],
      { cwd: root, env: { ...process.env, EXPOSURE_PLANS: String(PLANS) }, encoding: "utf8", stdio: "pipe" }
    )
    const seconds = ((performance.now() - started) / 1000).toFixed(0)
    if (run.status !== 0) console.error(run.stdout, run.stderr)
    return [{
      text: `${PLANS.toLocaleString("en")} generated plans streamed to the built command: totals equal the sum of ` +
        `the individual refund calculations, the typo said once (${seconds} s, test/adapters/cli/exposure.test.ts)`,
      pass: run.status === 0
    }]
  }
}
