import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { batches, eachLine, LineTooLong } from "../../../src/adapters/cli/exposure/lines.ts"

const collect = async (chunks: ReadonlyArray<Buffer>) => {
  const seen: Array<[number, string]> = []
  for await (
    const batch of batches((async function*() {
      yield* chunks
    })())
  ) {
    eachLine(batch, (text, line) => {
      seen.push([line, text])
      return true
    })
  }
  return seen
}

/** Cuts bytes at the given offsets, anywhere: inside a line, inside a multi-byte character. */
const cut = (bytes: Buffer, offsets: ReadonlyArray<number>) => {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks: Array<Buffer> = []
  let start = 0
  for (const p of [...points, bytes.length]) {
    if (p > start) chunks.push(bytes.subarray(start, p))
    start = Math.max(start, p)
  }
  return chunks
}

describe("NDJSON batches cut at newline bytes", () => {
  it("every non-blank line once, with its 1-based number, however the input is chunked (astral and multi-byte text included)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: "grapheme", maxLength: 30 }), fc.constant(""), fc.constant("  ")), {
          maxLength: 30
        }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (lines, trailingNewline, offsets) => {
          const clean = lines.map((l) => l.replace(/[\n\r]/g, "x"))
          const text = clean.join("\n") + (trailingNewline ? "\n" : "")
          const seen = await collect(cut(Buffer.from(text, "utf8"), offsets))
          const expected = clean.flatMap((l, i): Array<[number, string]> => (l.trim() === "" ? [] : [[i + 1, l]]))
          expect(seen).toEqual(expected)
        }
      ),
      { numRuns: 300 }
    )
  })

  it("a line without an end longer than 64 MiB is refused with its number", async () => {
    const big = Buffer.alloc(8 * 2 ** 20, 0x61)
    const chunks = [Buffer.from("{\"a\":1}\n"), ...Array.from({ length: 9 }, () => big)]
    await expect(collect(chunks)).rejects.toEqual(new LineTooLong(2))
  })
})
