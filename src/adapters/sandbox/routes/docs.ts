/**
 * The service's contract, served by the sandbox: the OpenAPI document at
 * `GET /openapi.json` (the package's `payment-plan-engine/openapi.json`, with
 * this sandbox as its server) and an API reference page at `GET /docs`.
 *
 * The page is Scalar's API reference, whose standalone bundle Effect ships for
 * its own HTTP API (`effect/http-api/HttpApiScalar`): the sandbox serves that
 * copy from the installed `effect`, so the page works offline, costs the
 * package nothing, and a user installs nothing more (docs/decisions/0011-the-openapi-document.md). No inline script: the page loads the bundle and a
 * small start script from the sandbox, under a policy that allows nothing else.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { escapeHtml } from "../../../core/foundation/html.ts"
import { openApiDocument, serialize } from "../../../core/wire/openapi.ts"
import { get, openEndpoint, type Reply, type SandboxEndpoint } from "./endpoint.ts"

/** Where the document is served. */
export const OPENAPI_PATH = "/openapi.json"

/** Where the API reference page is served, and its two scripts. */
export const DOCS_PATH = "/docs"
const RENDERER_PATH = "/docs/api-reference.js"
const START_PATH = "/docs/start.js"

/**
 * Scalar's standalone bundle as Effect ships it (a module exporting it as one string), or
 * `undefined` when the installed effect has none where 4.1 keeps it.
 */
const readRenderer = (): string | undefined => {
  try {
    const scalar = createRequire(import.meta.url).resolve("effect/http-api/HttpApiScalar")
    const source = readFileSync(join(dirname(scalar), "internal", "httpApiScalar.js"), "utf8")
    const start = source.indexOf("export const javascript=")
    const end = source.lastIndexOf("\";")
    if (start < 0 || end < start) return undefined
    const script = JSON.parse(source.slice(start + "export const javascript=".length, end + 1)) as unknown
    // its source map lives on a CDN: the page asks nothing of the network
    return typeof script === "string" ? script.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "\n") : undefined
  } catch {
    return undefined
  }
}

let renderer: { readonly script: string | undefined } | undefined
const rendererScript = () => (renderer ??= { script: readRenderer() }).script

/** Starts the reference on the page's container, with the document the container names. */
const START = `(() => {
  const container = document.getElementById("api-reference");
  window.Scalar.createApiReference(container, {
    url: container.dataset.url,
    withDefaultFonts: false,
    hideClientButton: true,
    showOperationId: true,
    defaultOpenAllTags: true
  });
})();
`

/**
 * The page's policy: scripts from the sandbox only (no inline script, no eval), the renderer's
 * styles (it writes them into the page as it renders), the document fetched from the sandbox;
 * nothing else is loaded, framed or submitted.
 */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

const page = (baseUrl: string): string =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment-plan service: API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<div id="api-reference" data-url="${escapeHtml(baseUrl + OPENAPI_PATH)}"></div>
<noscript><p>The API reference needs JavaScript; the document itself is at <a href="${
    escapeHtml(baseUrl + OPENAPI_PATH)
  }">${escapeHtml(OPENAPI_PATH)}</a>.</p></noscript>
<script src="${escapeHtml(baseUrl + RENDERER_PATH)}"></script>
<script src="${escapeHtml(baseUrl + START_PATH)}"></script>
</body></html>
`

const script = (content: string): Reply => ({
  status: 200,
  text: { contentType: "text/javascript; charset=utf-8", content },
  headers: { "cache-control": "no-cache" }
})

/** The document and its reference page. */
export const DOCS_ENDPOINTS = {
  openApiDocument: openEndpoint(get(OPENAPI_PATH), "none", ({ baseUrl }) => ({
    status: 200,
    text: {
      contentType: "application/json; charset=utf-8",
      // the package's document, with this sandbox as the server its operations are tried on
      content: serialize({ ...openApiDocument(), servers: [{ url: baseUrl, description: "This sandbox." }] })
    },
    headers: { "cache-control": "no-cache", "access-control-allow-origin": "*" }
  })),
  apiReference: openEndpoint(get(DOCS_PATH), "none", ({ baseUrl }) => {
    if (rendererScript() === undefined) {
      return {
        status: 200,
        text: {
          contentType: "text/html; charset=utf-8",
          content: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title></head>` +
            `<body><p>The installed effect carries no API reference renderer; the document is at <a href="${
              escapeHtml(baseUrl + OPENAPI_PATH)
            }">${escapeHtml(OPENAPI_PATH)}</a>.</p></body></html>\n`
        },
        headers: { "cache-control": "no-store", "content-security-policy": POLICY }
      }
    }
    return {
      status: 200,
      text: { contentType: "text/html; charset=utf-8", content: page(baseUrl) },
      headers: { "cache-control": "no-store", "content-security-policy": POLICY }
    }
  }),
  apiReferenceScript: openEndpoint(get(RENDERER_PATH), "none", () => script(rendererScript() ?? "")),
  apiReferenceStart: openEndpoint(get(START_PATH), "none", () => script(START))
} satisfies Record<string, SandboxEndpoint>
