import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: {
    alias: [
      // The command line loads the sandbox, the client and the conformance kit through the package's own
      // exports, as a user would; vitest runs before the build, so in-process CLI tests
      // (test/adapters/cli/in-process.ts) reach them in the sources.
      {
        find: /^payment-plan-engine\/sandbox$/,
        replacement: fileURLToPath(new URL("./src/adapters/sandbox/index.ts", import.meta.url))
      },
      {
        find: /^payment-plan-engine\/client$/,
        replacement: fileURLToPath(new URL("./src/adapters/client/index.ts", import.meta.url))
      },
      {
        find: /^payment-plan-engine\/conformance$/,
        replacement: fileURLToPath(new URL("./src/conformance/index.ts", import.meta.url))
      }
    ]
  },
  test: {
    include: ["test/**/*.test.ts"],
    // Properties run many cases; a slow CI core should not turn them into flakes.
    testTimeout: 60_000
  }
})
