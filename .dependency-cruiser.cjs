// The layers of ARCHITECTURE.md, checked in `npm test` (npm run lint:boundaries).

/** The bottom of the sandbox: its store, merchants, keys, test cards and lists of hosts. */
const SANDBOX_BOTTOM =
  "^src/adapters/sandbox/(store|webhook-store|merchants|merchants-file|demo-merchants|api-keys|cards|hosts)\\.ts$"
/** What assembles the sandbox's layers. */
const SANDBOX_ASSEMBLY = "^src/adapters/sandbox/(index|sandbox|server|settings|log|node)\\.ts$"
/** The core's Schema-free modules the widget's browser code bundles. */
const WIDGET_CORE_MODULES =
  "^src/core/((checkout|plan-terms)/enumerations|foundation/money|foundation/time/calendar|verification/(redirect|widget-display))\\.ts$"

/** The browser code of the outer layers, bundled for pages: the widget's and the messaging element's. */
const BROWSER_CODE =
  "^src/(adapters/sandbox/widget/(?!index\\.ts$|assets\\.generated\\.ts$)|messaging/(element/|attributes\\.ts$|sentence\\.ts$|markup\\.ts$))"
/** The core's Schema-free concept modules the browser code bundles (an index would pull Schema in). */
const SCHEMA_FREE_CONCEPT_MODULES =
  "^src/core/(checkout/(enumerations|redemption)|deposit/unit-deposit|plan-terms/(cadence-names|enumerations|kernel)|verification/(redirect|widget-display))\\.ts$"
/** A concept's doors: its index.ts, and the plan's second namespace (the root's `Notes`). */
const CONCEPT_INDEX = "^src/core/[^/]+/index\\.ts$|^src/core/plan/notes-api\\.ts$"
/** The files of the core's domain concepts (not the foundation, internal/ or wire/, which are layers of files). */
const CONCEPT_FILE = "^src/core/(?!foundation/|internal/|wire/)[^/]+/"

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
      name: "outer-layers-import-a-concept-through-its-index",
      severity: "error",
      comment:
        "The adapters, messaging, the testing kit and the conformance kit reach a concept through its index.ts (its " +
        "public names) or through src/facade/shared.ts (what the core shares with the package's layers), never a " +
        "concept's file by its path. The facade and the package's entry files assemble the public surface from the " +
        "concepts' files and are not outer layers here; browser code has its own rule below.",
      from: { path: "^src/(adapters|messaging|testing|conformance)/", pathNot: BROWSER_CODE },
      to: { path: CONCEPT_FILE, pathNot: CONCEPT_INDEX }
    },
    {
      name: "browser-code-imports-a-concept-through-its-index-or-a-schema-free-module",
      severity: "error",
      comment:
        "The widget's and the messaging element's browser code take a concept's values from its index.ts or from one " +
        "of its Schema-free modules, which keep the bundles small (an index pulls in Schema); never another file.",
      from: { path: BROWSER_CODE },
      to: { path: CONCEPT_FILE, pathNot: `${CONCEPT_INDEX}|${SCHEMA_FREE_CONCEPT_MODULES}` }
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
    // The sandbox in layers (ARCHITECTURE.md, "The sandbox"): the assembly -> routes/ -> operations/ -> webhooks/ ->
    // the bottom (store, merchants, keys, cards, hosts); widget/ beside them. Each rule names what a layer may import of
    // the sandbox; the core and the packages are the adapters' rule's.
    {
      name: "sandbox-bottom-imports-only-the-bottom",
      severity: "error",
      comment:
        "The bottom of the sandbox: the store (store.ts, its webhook tables in webhook-store.ts), the merchants (merchants.ts, " +
        "their keys in api-keys.ts), the test cards (cards.ts) and lists of hosts (hosts.ts: webhook targets, accepted hosts) " +
        "import the core and each other, nothing of the sandbox above.",
      from: { path: SANDBOX_BOTTOM },
      to: { path: "^src/adapters/sandbox/", pathNot: SANDBOX_BOTTOM }
    },
    {
      name: "sandbox-webhooks-deliver-below-the-operations",
      severity: "error",
      comment:
        "webhooks/ delivers: the events of what the operations write (hooks.ts), the outbox, the worker, the schedule and " +
        "the allowed targets. It builds on the bottom only; the operations call it, never the reverse.",
      from: { path: "^src/adapters/sandbox/webhooks/" },
      to: { path: "^src/adapters/sandbox/", pathNot: `^src/adapters/sandbox/webhooks/|${SANDBOX_BOTTOM}` }
    },
    {
      name: "sandbox-operations-know-no-http",
      severity: "error",
      comment:
        "operations/ (checkouts, plans, notes, clock, reset, webhooks) take plain values and return typed results: they " +
        "import each other, webhooks/ and the bottom, and of the widget only its protocol (the paths and payloads the " +
        "page, the script and the server share); never the routes, the widget's code or the assembly.",
      from: { path: "^src/adapters/sandbox/operations/" },
      to: {
        path: "^src/adapters/sandbox/",
        pathNot: `^src/adapters/sandbox/(operations/|webhooks/|widget/protocol\\.ts$)|${SANDBOX_BOTTOM}`
      }
    },
    {
      name: "sandbox-routes-call-the-operations",
      severity: "error",
      comment:
        "routes/ (the router and the endpoints) turn HTTP into calls of the operations: they import each other, the " +
        "operations, the bottom (a merchant, a refused key check) and the widget's served assets and protocol " +
        "(widget/index.ts, widget/protocol.ts); " +
        "never webhooks/ (reached through the operations) or the assembly.",
      from: { path: "^src/adapters/sandbox/routes/" },
      to: {
        path: "^src/adapters/sandbox/",
        pathNot: `^src/adapters/sandbox/(routes/|operations/|widget/(index|protocol)\\.ts$)|${SANDBOX_BOTTOM}`
      }
    },
    {
      name: "sandbox-widget-stands-alone",
      severity: "error",
      comment:
        "widget/ is the browser code (bundled by scripts/build-widget.ts) and what serves it (index.ts): it imports " +
        "nothing of the sandbox outside widget/.",
      from: { path: "^src/adapters/sandbox/widget/" },
      to: { path: "^src/adapters/sandbox/", pathNot: "^src/adapters/sandbox/widget/" }
    },
    {
      name: "sandbox-widget-bundles-schema-free-core",
      severity: "error",
      comment:
        "The widget's browser code (everything in widget/ but index.ts and assets.generated.ts, which serve it) takes " +
        "values only from the core's Schema-free modules: the concepts' enumerations, money, the calendar and the " +
        "verification's redirect and display rules, so its bundles stay small (test/adapters/sandbox/widget/assets.test.ts " +
        "checks the bytes); types it may import from anywhere in the core (import type).",
      from: {
        path: "^src/adapters/sandbox/widget/",
        pathNot: "^src/adapters/sandbox/widget/(index|assets\\.generated)\\.ts$"
      },
      to: {
        path: "^src/core/",
        pathNot: WIDGET_CORE_MODULES,
        dependencyTypesNot: ["type-only"]
      }
    },
    {
      name: "sandbox-assembly-on-top",
      severity: "error",
      comment:
        "The assembly: index.ts (the public names), sandbox.ts (createSandbox), server.ts and node.ts (node:http), " +
        "log.ts (the request log) and settings.ts (a process's settings) put the layers together; no layer imports them.",
      from: { path: "^src/adapters/sandbox/(routes|operations|webhooks|widget)/" },
      to: { path: SANDBOX_ASSEMBLY }
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
