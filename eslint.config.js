// ESLint (typescript-eslint) and the formatter: dprint through @effect/eslint-plugin, as the Effect
// repositories run it, so `npm run lint` both checks and (with --fix) formats. Boundaries between
// layers are checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import effect from "@effect/eslint-plugin"
import js from "@eslint/js"
import tseslint from "typescript-eslint"

// A module's public names are written one by one (ARCHITECTURE.md): `export * as Name` makes a namespace of a
// module that lists its own, `export * from` would let whatever a file exports through unseen.
const EXPORT_ALL = {
  selector: "ExportAllDeclaration[exported=null]",
  message: "List the names this module exports one by one (ARCHITECTURE.md): `export { a, type B } from \"./x.ts\"`."
}

// The core is I/O-free and never reads the clock (guide, ARCHITECTURE.md): time, randomness and the network are
// arguments. Imports of node: modules and packages are dependency-cruiser's to refuse (.dependency-cruiser.cjs).
const ARGUMENT = "is an argument of the core, never read inside it (the core is I/O-free and reads no clock)"
const CORE_GLOBALS = [
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "EventSource",
  "setTimeout",
  "setInterval",
  "setImmediate",
  "clearTimeout",
  "clearInterval",
  "clearImmediate",
  "queueMicrotask",
  "requestAnimationFrame",
  "performance",
  "process",
  "crypto",
  "Buffer",
  "console",
  "window",
  "document",
  "navigator",
  "location",
  "localStorage",
  "sessionStorage",
  "globalThis",
  "require",
  "module"
].map((name) => ({ name, message: `${name}: the environment ${ARGUMENT}.` }))

export default tseslint.config(
  // assets.generated.ts: written by scripts/build-widget.ts, checked by a test against its sources
  { ignores: ["dist/", "docs/api/", "node_modules/", ".sandbox/", "coverage/", ".doc-examples/", "**/*.generated.ts"] },
  // Stryker's sandboxes and reports (npm run mutation)
  { ignores: [".stryker-tmp/", "reports/"] },
  // the tarball scripts/pack-check.ts packs (npm run check:package)
  { ignores: [".pack/"] },
  // the command line the built-binary tests build while `npm test` lints beside them
  { ignores: [".cli-test-build/"] },
  // a disable comment that no longer silences anything (a function split since) is an error: reasons stay true
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.mjs", "**/*.js", "**/*.cjs"],
    plugins: { "@effect": effect },
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        Request: "readonly",
        Response: "readonly",
        Headers: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        crypto: "readonly",
        structuredClone: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        performance: "readonly",
        queueMicrotask: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        setImmediate: "readonly",
        globalThis: "readonly",
        module: "readonly"
      }
    },
    rules: {
      "@effect/dprint": [
        "error",
        {
          config: {
            indentWidth: 2,
            lineWidth: 120,
            semiColons: "asi",
            quoteStyle: "alwaysDouble",
            trailingCommas: "never",
            operatorPosition: "maintain",
            "arrowFunction.useParentheses": "force"
          }
        }
      ],
      // the compiler checks these (noUnusedLocals, noUnusedParameters) with the project's settings
      "@typescript-eslint/no-unused-vars": "off",
      "no-unused-vars": "off",
      "@typescript-eslint/array-type": ["error", { default: "generic", readonly: "generic" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-namespace": "off",
      "@typescript-eslint/no-empty-object-type": "off",
      "no-constant-condition": ["error", { checkLoops: false }],
      "no-control-regex": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": "error",
      "object-shorthand": "error",
      "no-restricted-syntax": ["error", EXPORT_ALL]
    }
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", ...CORE_GLOBALS],
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: `The current time ${ARGUMENT}: take \`now\`.` },
        { object: "performance", property: "now", message: `The current time ${ARGUMENT}: take \`now\`.` },
        { object: "Math", property: "random", message: `Randomness ${ARGUMENT}.` }
      ],
      "no-restricted-syntax": [
        "error",
        EXPORT_ALL,
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: `\`new Date()\` reads the clock; the current time ${ARGUMENT}: take \`now\`.`
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: `\`Date()\` reads the clock; the current time ${ARGUMENT}: take \`now\`.`
        },
        {
          selector: "ImportExpression",
          message: "The core loads no module at run time: import it statically."
        }
      ]
    }
  },
  // Short functions: a function of src/ longer than 80 lines says why beside it,
  // `// eslint-disable-next-line max-lines-per-function -- <reason>`, or is split by concern.
  {
    files: ["src/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] }
  },
  // The browser's globals only where code runs in a browser: the widget's DOM code (tsc gives the DOM's types to
  // it alone too, src/adapters/sandbox/widget/tsconfig.json).
  {
    files: ["src/adapters/sandbox/widget/dom/**/*.ts"],
    languageOptions: {
      globals: { window: "readonly", document: "readonly", navigator: "readonly", HTMLElement: "readonly" }
    }
  },
  // and the <payment-plan-message> element's (src/messaging/element/tsconfig.json gives it the DOM's types)
  {
    files: ["src/messaging/element/**/*.ts"],
    languageOptions: {
      globals: {
        document: "readonly",
        HTMLElement: "readonly",
        customElements: "readonly",
        CustomEvent: "readonly",
        CSSStyleSheet: "readonly",
        queueMicrotask: "readonly"
      }
    }
  }
)
