import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Properties run many cases; a slow CI core should not turn them into flakes.
    testTimeout: 60_000
  }
})
