/**
 * Merchants files: any entry of a merchants file either
 * loads or is refused with issues naming each bad field, and only those;
 * nothing but the typed `ValidationError` is thrown. `payment-plan serve`
 * (run in process, the sandbox loaded from the sources as the package's
 * `./sandbox` export) never prints a stack trace for one: a refused file is
 * a usage error (exit 2) with its issue table, a loaded one goes on to
 * listen (here on a port already taken: exit 2, one line).
 */
import fc from "fast-check"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hashApiKey, loadMerchants, type MerchantsFile } from "../../src/adapters/sandbox/index.ts"
import { ValidationError } from "../../src/core/foundation/issues.ts"
import { runInProcess } from "../adapters/cli/in-process.ts"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const HASH = hashApiKey("sk_property_0123456789")

/** A field's value, and whether the sandbox must refuse it (`undefined`: the field is left out). */
interface Field {
  readonly value: unknown
  readonly bad: boolean
}

const good = (...values: ReadonlyArray<unknown>) => fc.constantFrom(...values.map((value) => ({ value, bad: false })))
const bad = (...values: ReadonlyArray<unknown>) => fc.constantFrom(...values.map((value) => ({ value, bad: true })))
const field = (goods: fc.Arbitrary<Field>, bads: fc.Arbitrary<Field>) => fc.oneof({ weight: 3, arbitrary: goods }, bads)

/** The key: `apiKey` or `apiKeyHash`, or a wrong combination; the field a refusal must name. */
const key = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ entry: { apiKeyHash: HASH }, bad: undefined }) },
  // plain keys cost a scrypt each to load: a few
  fc.constant({ entry: { apiKey: "sk_property_0123456789" }, bad: undefined }),
  fc.constant({ entry: {}, bad: "apiKey" }),
  fc.constant({ entry: { apiKey: "sk_property_0123456789", apiKeyHash: HASH }, bad: "apiKeyHash" }),
  fc.constant({ entry: { apiKey: "short-key" }, bad: "apiKey" }),
  fc.constant({ entry: { apiKey: 42 }, bad: "apiKey" }),
  fc.constant({ entry: { apiKeyHash: "scrypt$1$1$1$x$y" }, bad: "apiKeyHash" })
)

const FIELDS = {
  id: field(
    fc.stringMatching(/^[a-z0-9-]{5,24}$/)
      // names every JavaScript object has are refused (below)
      .filter((value) => !(value in Object.prototype) && value !== "prototype")
      .map((value) => ({ value, bad: false })),
    bad("m1", "", "merchant:one", "merchant one", 5, null, "x".repeat(257), "__proto__", "constructor", "prototype")
  ),
  currencies: field(
    good(
      [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20_000 }],
      [{ currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true }, { currencyCode: "NZD" }]
    ),
    bad(
      undefined,
      [],
      [{ currencyCode: "aud" }],
      [{ currencyCode: "XXXX" }],
      [{ currencyCode: "XXX" }],
      [{ currencyCode: "AUD" }, { currencyCode: "AUD" }],
      [{ currencyCode: "AUD", minimumPaymentAmount: -1 }],
      [{ currencyCode: "AUD", isZeroDecimal: "yes" }],
      "AUD"
    )
  ),
  timeZone: field(good(undefined, "UTC", "Australia/Sydney"), bad("Mars/Olympus", "", 10)),
  webhook: field(
    good(undefined, { url: "http://127.0.0.1:4242/webhooks", secret: SECRET }, {
      url: "http://localhost/h",
      secret: SECRET
    }),
    bad(
      { url: "http://user:pass@127.0.0.1:4242/webhooks", secret: SECRET },
      { url: `http://127.0.0.1/${"a".repeat(2100)}`, secret: SECRET },
      { url: "ftp://127.0.0.1/x", secret: SECRET },
      { url: "http://127.0.0.1:4242/webhooks", secret: "nope" },
      { url: "http://127.0.0.1:4242/webhooks" },
      "http://127.0.0.1:4242/webhooks"
    )
  ),
  subMerchants: field(
    good(undefined, [{ externalCode: "store-north", name: "North" }]),
    bad([{ externalCode: "x" }], [5])
  ),
  defaultPaymentDeadline: field(good(undefined, 0, 14), bad(-1, 1.5, "7")),
  name: field(good(undefined, "Shop"), bad(7))
} as const

type FieldName = keyof typeof FIELDS

/** An entry and the fields a refusal must name (empty: it loads). */
const entry = fc.record({ key, fields: fc.record(FIELDS) }).map(({ key, fields }) => {
  const out: Record<string, unknown> = { ...key.entry }
  const badFields = new Set<string>(key.bad === undefined ? [] : [key.bad])
  for (const [name, f] of Object.entries(fields) as Array<[FieldName, Field]>) {
    if (f.value !== undefined) out[name] = f.value
    // a required field left out is a bad field too (currencies: undefined)
    if (f.bad) badFields.add(name)
  }
  return { entry: out, badFields }
})

/** The entry's fields an issue names: `merchants[0].currencies[1].currencyCode` → `currencies`. */
const namedFields = (issues: ReadonlyArray<{ readonly path: string }>) =>
  new Set(issues.map((i) => /^merchants\[0\]\.([A-Za-z]+)/.exec(i.path)?.[1] ?? i.path))

describe("merchants file entries", () => {
  it("property: an entry loads, or is refused with a ValidationError naming each bad field and only those", () => {
    fc.assert(
      fc.property(entry, ({ entry, badFields }) => {
        let loaded
        try {
          loaded = loadMerchants({ merchants: [entry] } as unknown as MerchantsFile)
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError)
          expect(badFields.size, JSON.stringify((error as ValidationError).issues)).toBeGreaterThan(0)
          expect(namedFields((error as ValidationError).issues)).toEqual(badFields)
          return
        }
        expect([...badFields]).toEqual([])
        expect(loaded.map((m) => m.id)).toEqual([entry["id"]])
        expect(JSON.stringify(loaded)).not.toContain("sk_property_0123456789")
      }),
      { numRuns: 300 }
    )
  })

  describe("payment-plan serve, in process", () => {
    let directory: string
    let taken: Server
    let port = 0
    beforeAll(async () => {
      directory = mkdtempSync(join(tmpdir(), "serve-merchants-"))
      taken = createServer()
      await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
      port = (taken.address() as { port: number }).port
    })
    afterAll(() => {
      taken.close()
      rmSync(directory, { recursive: true, force: true })
    })

    it("property: never a stack trace; a refused file is exit 2 with every bad field in the issue table", async () => {
      let n = 0
      await fc.assert(
        fc.asyncProperty(entry, async ({ entry, badFields }) => {
          const file = join(directory, `merchants-${n++}.json`)
          writeFileSync(file, JSON.stringify({ merchants: [entry] }))
          const { code, stdout: out, stderr: err } = await runInProcess([
            "serve",
            "--merchants",
            file,
            "--port",
            String(port)
          ])
          expect(code, err).toBe(2)
          expect(out).toBe("")
          expect(err).not.toMatch(/\n\s+at |unexpected error/)
          if (badFields.size === 0) {
            // loaded, then the port refused it: one line
            expect(err).toBe(`payment-plan: 127.0.0.1:${port} is already in use\n`)
          } else {
            expect(err).toContain(`the merchants file ${file} was refused:`)
            const paths = err.split("\n").slice(1).map((line) => line.split(/\s+/)[0] ?? "")
            expect(namedFields(paths.filter((p) => p.startsWith("merchants[")).map((path) => ({ path })))).toEqual(
              badFields
            )
          }
        }),
        { numRuns: 40 }
      )
    })
  })
})
