/**
 * `describeConformance` as a team uses it in its own CI: here against the
 * sandbox in process, created when the suite starts.
 */
import { afterAll } from "vitest"
import { describeConformance } from "../../src/conformance/vitest.ts"
import { configFor, sandbox } from "./helpers.ts"

const s = sandbox()
afterAll(() => s.close())

describeConformance(() => configFor(s.fetch, { runs: 40, seed: 12 }), {
  name: "describeConformance against the sandbox"
})
