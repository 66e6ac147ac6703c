import { fileURLToPath } from "node:url"
import { configDefaults, defineConfig } from "vitest/config"

/**
 * Files that need a module graph of their own (docs/decisions/0052-a-suite-within-four-minutes.md): a
 * `vi.mock` that must see the core's modules load, `vi.resetModules`, the process-wide "warn once"
 * memory read from a fresh process, fake timers. Every other file shares its worker's modules.
 */
/**
 * The files that drive Chromium: one at a time, after the others. Scalar's API reference page
 * (test/adapters/sandbox/docs.test.ts) stops drawing when another Chromium test runs beside it on a
 * busy machine (benchmarks/suite-time.md).
 */
export const CHROMIUM = [
  "test/adapters/sandbox/browser.test.ts",
  "test/adapters/sandbox/docs.test.ts",
  "test/messaging/dom/chromium.test.ts"
]

export const ISOLATED = [
  "test/properties/predicates.property.test.ts",
  "test/core/wire/openapi.test.ts",
  "test/facade/surface.test.ts",
  "test/adapters/sandbox/webhooks/worker.test.ts"
]

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
    // Properties run many cases; a slow CI core should not turn them into flakes.
    testTimeout: 60_000,
    // Both cores: vitest's default in a run is one fewer than the machine has, one worker on CI's two.
    maxWorkers: "100%",
    projects: [
      // Modules evaluated once per worker rather than once per file: a third of the run was imports.
      {
        extends: true,
        test: {
          name: "shared",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...ISOLATED, ...CHROMIUM],
          isolate: false,
          sequence: { groupOrder: 0 }
        }
      },
      // after the others (a group of their own: vitest runs groups in order), one file at a time
      {
        extends: true,
        test: {
          name: "chromium",
          include: CHROMIUM,
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 1 }
        }
      },
      { extends: true, test: { name: "isolated", include: ISOLATED, sequence: { groupOrder: 0 } } }
    ]
  }
})
