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
      name: "no-loop-between-core-folders",
      severity: "error",
      scope: "folder",
      comment:
        "The core's folders form no import loop either (checkout -> refund -> checkout was one, through a file the " +
        "file-level rule cannot see): each domain folder builds on the ones below it, in the order ARCHITECTURE.md draws.",
      from: { path: "^src/core/" },
      to: { circular: true }
    },
    {
      name: "core-imports-no-node-builtin",
      severity: "error",
      comment:
        "The core is I/O-free and runs anywhere (browsers, workers, edge runtimes): no node: module, no built-in. " +
        "Clocks and network globals are ESLint's to refuse (eslint.config.js).",
      from: { path: "^src/core/" },
      to: { dependencyTypes: ["core"] }
    },
    {
      name: "core-imports-only-effect",
      severity: "error",
      comment: "A library user installs only effect: the core imports no other package.",
      from: { path: "^src/core/" },
      to: { path: "(^|/)node_modules/", pathNot: "(^|/)node_modules/effect/" }
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
        "Domain modules (refund-policy, deposit, merchant, checkout, plan-terms, plan, refund, search, verification, " +
        "webhook) never import wire/.",
      from: { path: "^src/core/", pathNot: "^src/core/wire/" },
      to: { path: "^src/core/wire/" }
    },
    {
      name: "core-imports-no-outer-layer",
      severity: "error",
      comment: "The core knows nothing of the facade, the testing kit, the adapters or the conformance kit.",
      from: { path: "^src/core/" },
      to: { path: "^src/(facade|testing|adapters|conformance|messaging|(index|webhook)\\.ts)" }
    },
    {
      name: "internal-stays-in-the-core",
      severity: "error",
      comment:
        "internal/ is the core's own kit (schema kit, validator, caches), free to change: only src/core/ imports it. " +
        "What the layers above share with the core (issue, describe, issuesFromSchema, rule, isRecord, Identifier, " +
        "codePointLength, hasUserInfo, BoundedCache, escapeHtml, cannotReach) they import from the foundation, " +
        "which re-exports or holds it.",
      from: { path: "^src/", pathNot: "^src/core/" },
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
      name: "messaging-is-an-outer-layer",
      severity: "error",
      comment:
        "payment-plan-engine/messaging builds on the core and the facade's plain-function helpers; it imports no " +
        "adapter (the sandbox serves the element's generated script, never the reverse).",
      from: { path: "^src/messaging/" },
      to: { path: "^src/(adapters|conformance|testing)/" }
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
        "The sandbox in layers: routes -> operations -> store. Operations (checkouts, plans, notes, clock) take plain values and never import the routes, the router, the server, the process settings or the widget (but the widget's protocol: the paths the page, the script and the server share).",
      from: { path: "^src/adapters/sandbox/operations/" },
      to: {
        path: "^src/adapters/sandbox/((routes|widget)/|(sandbox|server|settings|index)\\.ts$)",
        pathNot: "^src/adapters/sandbox/widget/protocol\\.ts$"
      }
    },
    {
      name: "sandbox-store-imports-no-layer-above",
      severity: "error",
      comment: "The store (and the test cards and merchants it and the operations share) is the bottom of the sandbox.",
      from: { path: "^src/adapters/sandbox/(store|cards|merchants|api-keys)\\.ts$" },
      to: {
        path: "^src/adapters/sandbox/((operations|routes|widget)/|(sandbox|server|settings|index)\\.ts$)"
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
    enhancedResolveOptions: {
      extensions: [".ts", ".js"],
      // packages resolve through their exports, so the core's only package (effect) is seen as one
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "node", "default"]
    }
  }
}
