/**
 * Every exchange judged by a validator no one here wrote: Stoplight Prism's own
 * router and validators (what `prism proxy --errors` runs), in process, as a
 * fetch in front of the service. Each request is matched to an operation of the
 * OpenAPI document and validated (parameters, body, credentials), its answer is
 * validated against the operation's response of that status (status, headers,
 * body), and every diagnostic is kept as a violation.
 *
 * A request that the document refuses is a violation; with `refusedRequests:
 * "when taken"`, only if the service took it (a 2xx): the conformance kit sends
 * invalid requests on purpose, and a service that refuses them agrees with the
 * document. Requests to paths the
 * document does not describe (the widget's, the sandbox's own) pass through and
 * are counted apart.
 */
import type { IPrismDiagnostic } from "@stoplight/prism-core"
import type { IHttpRequest, IHttpResponse, PrismHttpComponents } from "@stoplight/prism-http"
import { getHttpOperationsFromSpec } from "@stoplight/prism-http"
import * as router from "@stoplight/prism-http/dist/router/index.js"
import { validateInput, validateOutput, validateSecurity } from "@stoplight/prism-http/dist/validator/index.js"
import type { IHttpOperation } from "@stoplight/types"
import * as E from "fp-ts/lib/Either.js"
import { openApiDocument } from "../../../src/core/wire/openapi.ts"

/** One violation: the exchange and what Prism said of it. */
export interface Violation {
  readonly exchange: string
  readonly side: "request" | "response" | "route"
  readonly diagnostics: ReadonlyArray<string>
}

/** What a validating fetch saw. */
export interface ExchangeLog {
  /** exchanges with an operation of the document, each validated both ways */
  readonly validated: Array<string>
  /** exchanges with paths the document does not describe (the widget's, the sandbox's own) */
  readonly passedThrough: Array<string>
  readonly violations: Array<Violation>
}

/** An empty log. */
export const newLog = (): ExchangeLog => ({ validated: [], passedThrough: [], violations: [] })

type Route = PrismHttpComponents["route"]
// a CommonJS module's default export: `default` of the module under Node, the function under vite's interop
const routeExport = router.default as unknown as Route | { readonly default: Route }
const route: Route = typeof routeExport === "function" ? routeExport : routeExport.default

let operations: Promise<Array<IHttpOperation>> | undefined

/** The document's operations as Prism reads them (refs resolved), once. */
export const documentOperations = (): Promise<Array<IHttpOperation>> =>
  operations ??= getHttpOperationsFromSpec(structuredClone(openApiDocument()) as object)

const SERVICE_PATH = /^\/api\//

const shown = (diagnostics: ReadonlyArray<IPrismDiagnostic>) =>
  diagnostics.map((d) => `${(d.path ?? []).join(".")}: ${d.message} (${d.code})`)

const headersOf = (headers: Headers) => Object.fromEntries([...headers].map(([k, v]) => [k.toLowerCase(), v]))

const bodyOf = (text: string, contentType: string | null): unknown => {
  if (text === "") return undefined
  if (contentType !== null && contentType.includes("json")) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

/** Prism's view of a request. */
const requestOf = async (request: Request): Promise<IHttpRequest> => {
  const url = new URL(request.url)
  // one value as text, repeated ones as a list (Prism's own server reads a query so)
  const query: Record<string, string | Array<string>> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    query[key] = values.length === 1 ? values[0]! : values
  }
  const text = request.body === null ? "" : await request.clone().text()
  return {
    method: request.method.toLowerCase() as IHttpRequest["method"],
    // the document names the sandbox's default address; a service is judged wherever it runs
    url: { path: url.pathname, query },
    headers: headersOf(request.headers),
    body: bodyOf(text, request.headers.get("content-type"))
  }
}

const responseOf = async (response: Response): Promise<IHttpResponse> => ({
  statusCode: response.status,
  headers: headersOf(response.headers),
  body: bodyOf(await response.clone().text(), response.headers.get("content-type"))
})

/**
 * Prism's errors and warnings (an answer's status the operation does not declare is a warning
 * to Prism, a violation here: the document lists every status an operation answers).
 */
const serious = (d: IPrismDiagnostic) => d.severity <= 1

/** Errors Prism reports as `Left`, with their diagnostics; none as `Right`. */
const left = (result: E.Either<ReadonlyArray<IPrismDiagnostic>, unknown>) => (E.isLeft(result) ? result.left : [])

/**
 * Wraps `fetch`: every exchange with an operation of the document is validated
 * by Prism, both ways, and logged; the service's answer is returned unchanged.
 */
export const validatingFetch = (
  fetch: (request: Request) => Promise<Response>,
  log: ExchangeLog = newLog(),
  refusedRequests: "always" | "when taken" = "always"
) => ({
  log,
  fetch: async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const exchange = `${request.method} ${url.pathname}${url.search}`
    const input = await requestOf(request)
    const response = await fetch(request)
    if (!SERVICE_PATH.test(url.pathname)) {
      log.passedThrough.push(exchange)
      return response
    }
    const resources = await documentOperations()
    const matched = route({ resources, input })
    if (E.isLeft(matched)) {
      log.violations.push({ exchange, side: "route", diagnostics: [String(matched.left)] })
      return response
    }
    const resource = matched.right
    const output = await responseOf(response)
    log.validated.push(`${exchange} → ${response.status}`)
    const refused = [
      ...left(validateInput({ resource, element: input })),
      ...left(validateSecurity({ resource, element: input }))
    ].filter(serious)
    // a request the document refuses must not be taken by the service
    if (refused.length > 0 && (refusedRequests === "always" || response.status < 300)) {
      log.violations.push({
        exchange: `${exchange} → ${response.status}`,
        side: "request",
        diagnostics: shown(refused)
      })
    }
    const wrong = left(validateOutput({ resource, element: output })).filter(serious)
    if (wrong.length > 0) {
      log.violations.push({ exchange: `${exchange} → ${response.status}`, side: "response", diagnostics: shown(wrong) })
    }
    return response
  }
})
