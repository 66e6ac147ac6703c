// The layers of ARCHITECTURE.md, checked in `npm test` (npm run lint:boundaries).
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules form no import loop: each layer builds on the ones below it.",
      from: {},
      to: { circular: true }
    },
    {
      name: "internal-imports-nothing-above",
      severity: "error",
      comment: "internal/ is the bottom of the core: the schema kit, the validator, caches, predicates.",
      from: { path: "^src/core/internal/" },
      to: { path: "^src/", pathNot: "^src/core/internal/" }
    },
    {
      name: "foundation-imports-no-domain",
      severity: "error",
      comment: "The foundation (issues, money, currency, time) imports only internal/ and itself.",
      from: { path: "^src/core/foundation/" },
      to: { path: "^src/", pathNot: "^src/core/(internal|foundation)/" }
    },
    {
      name: "domain-imports-no-wire",
      severity: "error",
      comment:
        "Domain modules (checkout, deposit, merchant, plan-terms, plan, search, refund, verification) never import wire/.",
      from: { path: "^src/core/", pathNot: "^src/core/wire/" },
      to: { path: "^src/core/wire/" }
    },
    {
      name: "core-imports-no-outer-layer",
      severity: "error",
      comment: "The core knows nothing of the facade, the testing kit, the adapters or the conformance kit.",
      from: { path: "^src/core/" },
      to: { path: "^src/(facade|testing|adapters|conformance|(index|webhook)\\.ts)" }
    },
    {
      name: "internal-stays-in-the-core",
      severity: "error",
      comment:
        "internal/ is the core's: never re-exported, and the facade and testing kit use the public core modules.",
      from: { path: "^src/(facade|testing|(index|webhook)\\.ts)" },
      to: { path: "^src/core/internal/" }
    },
    {
      name: "facade-and-testing-import-no-adapter",
      severity: "error",
      from: { path: "^src/(facade|testing|(index|webhook)\\.ts)" },
      to: { path: "^src/adapters/" }
    },
    {
      name: "conformance-is-an-outer-layer",
      severity: "error",
      comment:
        "The conformance kit builds on the core, the facade, the testing kit's arbitraries and the HTTP client, as an " +
        "adapter does; it never imports the sandbox or the CLI.",
      from: { path: "^src/conformance/" },
      to: { path: "^src/(adapters/(?!client/)|(index|webhook)\\.ts)" }
    },
    {
      name: "nothing-imports-the-conformance-kit",
      severity: "error",
      comment: "Only the CLI uses the conformance kit, through the package's own ./conformance export.",
      from: { path: "^src/", pathNot: "^src/conformance/" },
      to: { path: "^src/conformance/" }
    },
    {
      name: "adapters-import-no-other-adapter",
      severity: "error",
      comment: "One folder a transport; adapters depend on the core, never on each other.",
      from: { path: "^src/adapters/([^/]+)/" },
      to: { path: "^src/adapters/([^/]+)/", pathNot: "^src/adapters/$1/" }
    },
    {
      name: "sandbox-operations-know-no-http",
      severity: "error",
      comment:
        "The sandbox in layers: routes -> operations -> store. Operations (checkouts, plans, notes, clock) take plain values and never import the routes, the router, the server or the widget (but the widget's protocol: the paths the page, the script and the server share).",
      from: { path: "^src/adapters/sandbox/operations/" },
      to: {
        path: "^src/adapters/sandbox/((routes|widget)/|(widget-page|sandbox|server|index)\\.ts$)",
        pathNot: "^src/adapters/sandbox/widget/protocol\\.ts$"
      }
    },
    {
      name: "sandbox-store-imports-no-layer-above",
      severity: "error",
      comment: "The store (and the test cards and merchants it and the operations share) is the bottom of the sandbox.",
      from: { path: "^src/adapters/sandbox/(store|cards|merchants|api-keys)\\.ts$" },
      to: {
        path: "^src/adapters/sandbox/((operations|routes|widget)/|(widget-page|sandbox|server|index)\\.ts$)"
      }
    },
    {
      name: "sandbox-widget-code-imports-no-server-side",
      severity: "error",
      comment: "The widget's browser code (widget/) imports the core, never the sandbox's routes or operations.",
      from: { path: "^src/adapters/sandbox/widget/" },
      to: { path: "^src/adapters/sandbox/(operations|routes)/" }
    }
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
    exclude: { path: "node_modules" }
  }
}
