// The tests Stryker runs (stryker.config.mjs): those that exercise the core in-process. The adapters',
// the command line's and the browser's tests spawn processes or servers; they add minutes to every
// static mutant's run without checking a rule the core's tests do not.
import { defineConfig } from "vitest/config"
import base from "./vitest.config.ts"

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/core/**/*.test.ts", "test/properties/**/*.test.ts", "test/facade/**/*.test.ts"]
  }
})
