/**
 * NDJSON in batches of whole lines. The input is read in large chunks and cut
 * by hand at the last newline byte of each chunk (a newline byte never occurs
 * inside a multi-byte UTF-8 sequence, so each cut decodes on its own): one
 * decode per chunk instead of one per line, and none of readline's per-line
 * events. Lines are then split in the decoded text.
 *
 * @module
 */

/** A run of whole lines and the 1-based number of its first line. */
export interface Batch {
  readonly text: string
  readonly firstLine: number
  /** lines in `text` (the last may lack its newline at the end of the input) */
  readonly lines: number
  /** input bytes consumed up to the end of this batch */
  readonly bytes: number
}

/** A line this long is refused: a stream without newlines must not fill memory. */
export const MAX_LINE_BYTES = 64 * 2 ** 20

export class LineTooLong extends Error {
  readonly line: number
  constructor(line: number) {
    super(`line ${line} is longer than ${MAX_LINE_BYTES / 2 ** 20} MiB`)
    this.line = line
  }
}

const countNewlines = (text: string): number => {
  let n = 0
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++
  return n
}

export async function* batches(input: AsyncIterable<Buffer | string>): AsyncGenerator<Batch> {
  // the bytes of a line cut by the end of the previous chunk: small, and the only bytes copied
  let carry: Buffer | undefined
  let line = 1
  let bytes = 0
  for await (const piece of input) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : piece
    bytes += chunk.length
    const last = chunk.lastIndexOf(10)
    if (last < 0) {
      carry = carry === undefined ? Buffer.from(chunk) : Buffer.concat([carry, chunk])
      if (carry.length > MAX_LINE_BYTES) throw new LineTooLong(line)
      continue
    }
    // Decoding the chunk where it lies, instead of joining it to the carry first, saves a
    // chunk-sized allocation outside the JS heap per chunk (which fragments the process's memory).
    let text: string
    if (carry === undefined) text = chunk.toString("utf8", 0, last + 1)
    else {
      const first = chunk.indexOf(10)
      if (carry.length + first > MAX_LINE_BYTES) throw new LineTooLong(line)
      text = Buffer.concat([carry, chunk.subarray(0, first + 1)]).toString("utf8") +
        chunk.toString("utf8", first + 1, last + 1)
    }
    carry = last + 1 < chunk.length ? Buffer.from(chunk.subarray(last + 1)) : undefined
    const lines = countNewlines(text)
    yield { text, firstLine: line, lines, bytes: bytes - (carry?.length ?? 0) }
    line += lines
  }
  if (carry !== undefined && carry.length > 0) yield { text: carry.toString("utf8"), firstLine: line, lines: 1, bytes }
}

/**
 * Calls `each` with every non-blank line of a batch and its number; stops early
 * when `each` answers false. Answers the number of the line it stopped after.
 */
export const eachLine = (batch: Batch, each: (text: string, line: number) => boolean): number => {
  const text = batch.text
  let line = batch.firstLine
  let pos = 0
  while (pos < text.length) {
    let end = text.indexOf("\n", pos)
    if (end < 0) end = text.length
    // a blank line (an empty last line, a stray CR) is no plan and no error
    if (end > pos && (text.charCodeAt(pos) === 123 || text.slice(pos, end).trim() !== "")) {
      if (!each(text.slice(pos, end), line)) return line
    }
    pos = end + 1
    line++
  }
  return line - 1
}
