/**
 * The services the fault benchmark runs the conformance kit against: a COPY of
 * the project's sources with one fault patched in (the shipped sandbox is never
 * touched), the sandbox behind a proxy that rewrites its answers, and the
 * unmodified sandbox with answers that differ only in tolerated ways (R9).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import type * as SandboxModule from "../../src/adapters/sandbox/index.ts"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

export const MERCHANT_ID = "merchant-faults"
export const API_KEY = "sk_faults_0123456789"
export const ZONE = "Australia/Sydney"
export const BASE_URL = "http://faults.test"

/**
 * The benchmark's merchant: currencies of 0, 2 and 3 digits and one made
 * zero-decimal by the merchant (R1.2), payment bounds (R6.4), default deposits,
 * deadlines and refund policies with a tie (R7.2, R10.3), a sub-merchant (R4.5).
 */
export const MERCHANTS_FILE = {
  merchants: [{
    id: MERCHANT_ID,
    name: "Fault Shop",
    apiKey: API_KEY,
    merchantGroupId: "group-faults",
    timeZone: ZONE,
    defaultPaymentDeadline: 7,
    defaultMinDepositType: "Percentage",
    defaultMinDepositValue: 10,
    currencies: [
      { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20_000 },
      { currencyCode: "JPY", minimumPaymentAmount: 100 },
      { currencyCode: "KWD", minimumPaymentAmount: 0.5 },
      { currencyCode: "HUF", minimumPaymentAmount: 100, isZeroDecimal: true }
    ],
    defaultRefundPolicies: [
      { daysWithinRedemptionDate: 30, refundablePercentage: 50 },
      { daysWithinRedemptionDate: 30, refundablePercentage: 20 },
      { daysWithinRedemptionDate: 7, refundablePercentage: 0 }
    ],
    subMerchants: [{ externalCode: "store-north", name: "North" }]
  }]
}

/** One textual change of a source file of the copy (`file` from the repository's root). */
export interface Patch {
  readonly file: string
  readonly find: string
  readonly replace: string
}

/** A copy of `src/` with patches applied, loaded as its own modules. */
export interface Copy {
  readonly sandbox: typeof SandboxModule
  readonly dispose: () => void
}

/**
 * Copies `src/` into a temporary directory (its `node_modules` a link to the
 * project's), applies each patch (each `find` must occur exactly once: a
 * patch that no longer applies fails the benchmark rather than test nothing)
 * and imports the copy's sandbox.
 */
export const patchedCopy = async (patches: ReadonlyArray<Patch>): Promise<Copy> => {
  const dir = mkdtempSync(join(tmpdir(), "ppe-fault-"))
  cpSync(join(ROOT, "src"), join(dir, "src"), { recursive: true })
  // the sources read the example checkout (the OpenAPI document's examples, the client's contract)
  cpSync(join(ROOT, "examples"), join(dir, "examples"), { recursive: true })
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir")
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }))
  // the sources' tsconfig files extend the root's (a test runner's transform reads them)
  for (const tsconfig of ["tsconfig.json", "tsconfig.browser.json"]) cpSync(join(ROOT, tsconfig), join(dir, tsconfig))
  try {
    for (const patch of patches) {
      const path = join(dir, patch.file)
      const text = readFileSync(path, "utf8")
      const count = text.split(patch.find).length - 1
      if (count !== 1) {
        throw new Error(`patch of ${patch.file}: ${JSON.stringify(patch.find)} found ${count} times, not once`)
      }
      writeFileSync(path, text.replace(patch.find, () => patch.replace))
    }
    const sandbox = (await import(
      pathToFileURL(join(dir, "src/adapters/sandbox/index.ts")).href
    )) as typeof SandboxModule
    return { sandbox, dispose: () => rmSync(dir, { recursive: true, force: true }) }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/** The project's own sandbox (no copy). */
export const original = async (): Promise<Copy> => ({
  sandbox: await import("../../src/adapters/sandbox/index.ts"),
  dispose: () => undefined
})

/** A fetch-like handler. */
export type Handler = (request: Request) => Promise<Response>

/**
 * The sandbox's clock at the start of a run for a seed: a day ahead of any
 * machine running this (so a kit whose client checks dates against the
 * machine's clock is not handicapped), at another time of day each seed, so
 * zones fall on either side of midnight.
 */
export const startOf = (seed: number): number =>
  Date.UTC(2030, 0, 7, 3, 17) + (seed - 1) * (5 * 3_600_000 + 11 * 60_000)

/** A running sandbox of a copy: its handler, closed with `close`. */
export const serve = (copy: Copy, start: number): { readonly fetch: Handler; readonly close: () => void } => {
  const { createSandbox, loadMerchants, sqliteStore } = copy.sandbox
  const origin = Date.now()
  const sandbox = createSandbox({
    store: sqliteStore(":memory:"),
    merchants: loadMerchants(MERCHANTS_FILE),
    now: () => start + (Date.now() - origin),
    onError: () => undefined
  })
  return sandbox
}

/** What a proxy sees of an exchange: the request (its JSON body read), the answer's status and JSON body. */
export interface Answer {
  readonly method: string
  /** path without the query */
  readonly path: string
  readonly query: URLSearchParams
  readonly requestBody: unknown
  status: number
  body: any
}

/**
 * A proxy before `fetch` rewriting the JSON answers of the service's
 * endpoints (and the sandbox's, where `rewrite` wants them): `rewrite`
 * changes `answer.body` or `answer.status` in place.
 */
export const proxy = (fetch: Handler, rewrite: (answer: Answer) => void): Handler => async (request) => {
  const url = new URL(request.url)
  const text = request.body === null ? "" : await request.clone().text()
  let requestBody: unknown
  try {
    requestBody = text === "" ? undefined : JSON.parse(text)
  } catch {
    requestBody = text
  }
  const response = await fetch(request)
  if (!(response.headers.get("content-type") ?? "").includes("json")) return response
  const answer: Answer = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    requestBody,
    status: response.status,
    body: await response.json()
  }
  rewrite(answer)
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers })
}

/** Whether an answer is of the service's API (not the widget's or the sandbox's own). */
export const isService = (answer: Answer): boolean => answer.path.startsWith("/api/v2/")
