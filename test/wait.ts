/**
 * Awaiting a condition instead of sleeping: `waitFor` looks again at once after each turn it is not met and
 * resolves as soon as it holds; the deadline only bounds the wait (a loaded machine is slow, not wrong).
 */

/** Options of `waitFor`: what is awaited (for the error), how long at most, how often it looks again. */
export interface WaitOptions {
  readonly what?: string
  readonly timeoutMs?: number
  readonly everyMs?: number
}

/**
 * Resolves with the condition's first truthy answer; rejects once `timeoutMs` passed without one, or at once
 * with what the condition throws (a condition that can no longer hold says so by throwing).
 */
export const waitFor = async <A>(
  condition: () => A | Promise<A>,
  { everyMs = 10, timeoutMs = 20_000, what = "the condition" }: WaitOptions = {}
): Promise<Exclude<A, false | undefined | null | 0 | "">> => {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const answer = await condition()
    if (answer) return answer as Exclude<A, false | undefined | null | 0 | "">
    if (performance.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
