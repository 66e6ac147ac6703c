import { defineConfig, type Options } from "tsup"

const common: Options = {
  format: ["esm"],
  target: "node22",
  platform: "node",
  sourcemap: false,
  // `npm run build` empties dist/ first (prebuild): the two builds below write beside each other
  clean: false,
  treeshake: true,
  // node:sqlite exists only under its node: name
  removeNodeProtocol: false
}

/** What the `payment-plan` binary bundles (test/adapters/cli/built-cli.ts builds it the same way). */
export const CLI_BUNDLED = ["effect", "commander", "cli-progress", "string-width"]

/**
 * commander and cli-progress are CommonJS and `require` Node's modules; bundled
 * into ES modules those calls need a `require`, which an ES module lacks.
 */
export const CLI_REQUIRE_SHIM =
  `import { createRequire as __cliCreateRequire } from "node:module"; const require = __cliCreateRequire(import.meta.url);`

export default defineConfig([
  {
    ...common,
    entry: {
      index: "src/index.ts",
      // payment-plan-engine/webhook: the catalogue, off the root's import path (a light start)
      webhook: "src/webhook.ts",
      testing: "src/testing/arbitraries.ts",
      client: "src/adapters/client/index.ts",
      // payment-plan-engine/client/testing: the client's contract suite and a scripted fetch
      "client-testing": "src/adapters/client/testing.ts",
      sandbox: "src/adapters/sandbox/index.ts",
      // payment-plan-engine/messaging: planMessage and renderPlanMessage (the element's script is
      // bundled apart, for the browser, by scripts/build-message-element.ts)
      messaging: "src/messaging/index.ts"
    },
    // a peer: users share one copy of effect
    external: ["effect", "fast-check"],
    // carried in the bundle, so a user installs only effect: Standard Webhooks' reference library (a
    // few KB, with its two small dependencies) that the client and the sandbox sign and verify with
    // (docs/decisions/0035-webhooks.md)
    noExternal: ["standardwebhooks", "@stablelib/base64", "fast-sha256"]
  },
  {
    // The conformance kit carries its own fast-check (it generates what it
    // sends; none of its types is fast-check's), so `payment-plan conformance`
    // works where the optional fast-check peer is not installed. vitest is an
    // optional peer of `conformance/vitest` only.
    ...common,
    entry: {
      conformance: "src/conformance/index.ts",
      "conformance-vitest": "src/conformance/vitest.ts"
    },
    external: ["effect", "vitest"],
    noExternal: ["fast-check"],
    // Its whitespace only: names stay, so a stack trace through the kit still reads as code, and
    // the kit, the largest file in the tarball, stays within the tarball's budget
    // (docs/decisions/0001-foundation-package-and-tools.md).
    minifyWhitespace: true
  },
  {
    ...common,
    entry: {
      // the `payment-plan` binary: keeps its shebang, no declarations needed
      cli: "src/adapters/cli/main.ts",
      // the exposure report's worker thread, loaded by the binary beside itself
      "exposure-worker": "src/adapters/cli/exposure/worker.ts"
    },
    // The binary carries the parts of effect it uses: importing effect's index
    // resolves and compiles hundreds of modules, most of a second at every start
    // of the command and of each worker thread. It also carries its own
    // libraries (argument parsing, the progress bar, display widths), so they
    // are devDependencies and a library user installs only effect. `serve`
    // loads the sandbox through the package's own "./sandbox" export, as any
    // user would.
    noExternal: CLI_BUNDLED,
    external: ["payment-plan-engine"],
    banner: { js: CLI_REQUIRE_SHIM }
  }
])
