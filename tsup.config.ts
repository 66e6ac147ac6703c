import { defineConfig } from "tsup"

export default defineConfig({
  entry: {
    index: "src/index.ts",
    testing: "src/testing/arbitraries.ts",
    client: "src/adapters/client/index.ts",
    // the `payment-plan` binary: keeps its shebang, no declarations needed
    cli: "src/adapters/cli/main.ts",
    // the exposure report's worker thread, loaded by the binary beside itself
    "exposure-worker": "src/adapters/cli/exposure/worker.ts",
    sandbox: "src/adapters/sandbox/index.ts"
  },
  format: ["esm"],
  target: "node22",
  platform: "node",
  dts: {
    entry: { index: "src/index.ts", testing: "src/testing/arbitraries.ts", client: "src/adapters/client/index.ts", sandbox: "src/adapters/sandbox/index.ts" },
    compilerOptions: { ignoreDeprecations: "6.0" }
  },
  sourcemap: true,
  clean: true,
  treeshake: true,
  external: ["effect", "fast-check"],
  // node:sqlite exists only under its node: name
  removeNodeProtocol: false
})
