/**
 * The K largest exposures seen, in a binary min-heap of at most K entries: one
 * comparison per plan in the common case (smaller than the smallest kept), so
 * memory is O(K) whatever the input size. Ties go to the earlier line, which
 * makes the result the same however the input was split between workers.
 *
 * @module
 */
import { compareInDigits } from "../../../facade/shared.ts"

export interface Exposure {
  /** the plan's `id` when it has one */
  readonly id: string | undefined
  /** 1-based line of the input */
  readonly line: number
  /** minor units of `exponent` */
  readonly suggestedRefundAmount: number
  readonly totalPaymentsPaid: number
  readonly totalNonRefundableAmount: number
  /** the plan's digits (R1.2): plans of one currency may be kept in different ones (a zero-decimal record) */
  readonly exponent: number
}

/** `a` ranks below `b`: a smaller refund, or the same refund on a later line. */
const below = (a: Exposure, b: Exposure) => {
  const c = compareInDigits(a.suggestedRefundAmount, a.exponent, b.suggestedRefundAmount, b.exponent)
  return c < 0 || (c === 0 && a.line > b.line)
}

export class TopK {
  readonly k: number
  readonly heap: Array<Exposure> = []
  constructor(k: number) {
    this.k = k
  }

  /** Whether an exposure of this amount (minor units of `exponent`) on this line would be kept; lets callers skip building it. */
  wouldKeep(amount: number, exponent: number, line: number): boolean {
    if (this.heap.length < this.k) return this.k > 0
    const min = this.heap[0]!
    const c = compareInDigits(amount, exponent, min.suggestedRefundAmount, min.exponent)
    return c > 0 || (c === 0 && line < min.line)
  }

  offer(e: Exposure): void {
    const heap = this.heap
    if (heap.length < this.k) {
      heap.push(e)
      let i = heap.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (!below(heap[i]!, heap[parent]!)) break
        ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
        i = parent
      }
      return
    }
    if (this.k === 0 || !below(heap[0]!, e)) return
    heap[0] = e
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let least = i
      if (l < heap.length && below(heap[l]!, heap[least]!)) least = l
      if (r < heap.length && below(heap[r]!, heap[least]!)) least = r
      if (least === i) break
      ;[heap[i], heap[least]] = [heap[least]!, heap[i]!]
      i = least
    }
  }

  /** Largest first. */
  sorted(): Array<Exposure> {
    return [...this.heap].sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0))
  }
}
