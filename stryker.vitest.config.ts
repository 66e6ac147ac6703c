// The tests Stryker runs (stryker.config.mjs): those that exercise the mutated modules in-process. The
// adapters', the command line's and the browser's tests spawn processes or servers, and search and
// webhooks are not among the modules measured; they would add minutes to every static mutant's run.
//
// `MUTATION_TESTS` (comma-separated globs) narrows the set to a module's own tests, for runs of static
// mutants: Stryker runs every test of the set for each of them. A narrower set can only kill fewer.
import { configDefaults, defineConfig } from "vitest/config"
import base from "./vitest.config.ts"

const narrowed = process.env["MUTATION_TESTS"]?.split(",").filter((glob) => glob !== "")
// One project, each file isolated: Stryker swaps a module's mutants between runs, and `npm test`'s
// shared module graph and worker count are for its own run.
const { projects: _projects, maxWorkers: _maxWorkers, ...test } = base.test ?? {}

export default defineConfig({
  ...base,
  test: {
    ...test,
    include: narrowed ?? ["test/core/**/*.test.ts", "test/properties/**/*.test.ts", "test/facade/**/*.test.ts"],
    exclude: [
      ...configDefaults.exclude,
      "test/core/search/**",
      "test/core/webhook/**",
      "test/properties/search.property.test.ts",
      "test/properties/webhooks.property.test.ts"
    ]
  }
})
