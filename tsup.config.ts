import { defineConfig, type Options } from "tsup"

const common: Options = {
  format: ["esm"],
  target: "node22",
  platform: "node",
  sourcemap: true,
  // `npm run build` empties dist/ first (prebuild): the two builds below write beside each other
  clean: false,
  treeshake: true,
  // node:sqlite exists only under its node: name
  removeNodeProtocol: false
}

export default defineConfig([
  {
    ...common,
    entry: {
      index: "src/index.ts",
      testing: "src/testing/arbitraries.ts",
      client: "src/adapters/client/index.ts",
      // payment-plan-engine/client/testing: the client's contract suite and a scripted fetch
      "client-testing": "src/adapters/client/testing.ts",
      sandbox: "src/adapters/sandbox/index.ts"
    },
    // a peer: users share one copy of effect
    external: ["effect", "fast-check"]
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
    noExternal: ["fast-check"]
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
    // of the command and of each worker thread. `serve` loads the sandbox
    // through the package's own "./sandbox" export, as any user would.
    noExternal: ["effect"],
    external: ["payment-plan-engine"]
  }
])
