// Mutation testing of the core's rule modules (`npm run mutation`, not part of `npm test`: a full run
// takes long). benchmarks/mutation.md holds the scores and the mutants recorded as equivalent;
// docs/decisions/0041-mutation-testing.md says why these modules and what counts as equivalent.
//
// While working on one module, narrow the run: `npm run mutation -- --mutate src/core/refund/select.ts`.

/**
 * The core's rule modules (docs/decisions/0041-mutation-testing.md): folders whose every module is one, so a module
 * moved or added there is mutated by default, and the rule modules of folders that hold others too.
 * test/mutation-config.test.ts fails on an entry that matches nothing and on a module of these folders left out.
 */
export const RULE_FOLDERS = [
  "src/core/deposit",
  "src/core/money",
  "src/core/plan-terms",
  "src/core/refund",
  "src/core/refund-policy",
  "src/core/verification"
]
export const RULE_MODULES = [
  "src/core/foundation/money.ts",
  "src/core/foundation/currency.ts",
  "src/core/checkout/totals.ts",
  "src/core/checkout/request.ts",
  "src/core/checkout/redemption.ts",
  "src/core/plan/lifecycle.ts"
]

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  // Schemas built at import time are static mutants: Stryker reloads the test environment and runs every test for each.
  mutate: [...RULE_FOLDERS.map((folder) => `${folder}/*.ts`), ...RULE_MODULES],
  testRunner: "vitest",
  // Only the tests that exercise the core in-process (the config's `include`), and of those only the
  // ones that import the mutated file. Not Stryker's `testFiles` option: with it, 10.1.1 activates
  // static mutants (a schema built at import time) after the import, so they all survive.
  vitest: { configFile: "stryker.vitest.config.ts", related: true },
  coverageAnalysis: "perTest",
  checkers: ["typescript"],
  tsconfigFile: "tsconfig.json",
  // Stryker would add `// @ts-nocheck` to every TypeScript file of its sandbox; vitest does not type-check
  // (esbuild strips types), and a test compares a generated file with its generator's output.
  disableTypeChecks: false,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // The machine's two cores are shared: one checker and one test runner.
  concurrency: 2,
  // A busy machine stretches test times; a mutant only times out when it is far past its normal run.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 20,
  ignorePatterns: ["dist", "docs/api", "coverage", ".sandbox", ".doc-examples", ".cli-test-build", "reports"],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true
}
