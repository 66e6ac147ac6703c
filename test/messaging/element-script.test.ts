/**
 * The element's committed script is what its sources bundle to, and it stays self-contained:
 * no import, no request of its own (no fetch, XMLHttpRequest, WebSocket, EventSource or beacon).
 */
import { build } from "esbuild"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { buildMessageElement } from "../../scripts/build-message-element.ts"
import { MESSAGE_ELEMENT_SCRIPT } from "../../src/messaging/element/script.generated.ts"

describe("the <payment-plan-message> script", () => {
  it("is up to date with its sources (npm run build:message)", async () => {
    expect(await buildMessageElement()).toBe(MESSAGE_ELEMENT_SCRIPT)
  }, 30_000)

  it("carries no module of effect: the core's Schema-free modules only (kernel, money, calendar, zones)", async () => {
    const root = fileURLToPath(new URL("../../", import.meta.url))
    const result = await build({
      entryPoints: [`${root}src/messaging/element/entry.ts`],
      bundle: true,
      write: false,
      format: "iife",
      minify: true,
      metafile: true,
      logLevel: "silent",
      tsconfig: `${root}src/messaging/element/tsconfig.json`
    })
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs).filter(([, used]) => used.bytesInOutput > 0).map(([path]) => path)
    )
    expect(inputs.filter((path) => path.includes("node_modules"))).toEqual([])
    expect(inputs).toContain("src/core/plan-terms/kernel.ts")
  }, 30_000)

  it("imports nothing and names no network API", () => {
    expect(MESSAGE_ELEMENT_SCRIPT).not.toMatch(/\bimport\s*[({"'`]|\brequire\(/)
    expect(MESSAGE_ELEMENT_SCRIPT).not.toMatch(/\b(fetch|XMLHttpRequest|WebSocket|EventSource|sendBeacon)\b/)
  })

  it("is within its budget of 10 KB minified and gzipped (size-limit checks dist/ too)", () => {
    expect(gzipSync(MESSAGE_ELEMENT_SCRIPT).length).toBeLessThanOrEqual(10 * 1024)
  })
})
