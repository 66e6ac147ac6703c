// The tests Stryker runs (stryker.config.mjs): those that exercise the mutated modules in-process. The
// adapters', the command line's and the browser's tests spawn processes or servers, and search and
// webhooks are not among the modules measured; they would add minutes to every static mutant's run.
import { configDefaults, defineConfig } from "vitest/config"
import base from "./vitest.config.ts"

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/core/**/*.test.ts", "test/properties/**/*.test.ts", "test/facade/**/*.test.ts"],
    exclude: [
      ...configDefaults.exclude,
      "test/core/search/**",
      "test/core/webhook/**",
      "test/properties/search.property.test.ts",
      "test/properties/webhooks.property.test.ts"
    ]
  }
})
