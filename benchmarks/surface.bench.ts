/**
 * Budget of the surface: each operation's one input contract (options checked as a closed set,
 * the mode read, the data's unknown fields found, warnings reported when there are some) adds at
 * most 5 % to the namespaces' `Refund.calculate` and `Checkout.summarize` (run with
 * `Effect.runSync`) and nothing measurable to the root's `calculateRefund` and `summarizeCheckout`,
 * on inputs without unknown fields. Today's code path is the commit before the change (`BEFORE`),
 * extracted with `git archive` and imported beside this one, so both run in the same process on
 * the same input; the core's own functions (`calculateResult`, `summarizeResult`: the arithmetic
 * without any of the surface, nor the unknown-field scan) are shown too. The budget is the median
 * of paired rounds that alternate the two, which a shared machine's drift affects least.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { summarizeResult } from "../src/core/checkout/totals.ts"
import { calculateResult } from "../src/core/refund/calculate.ts"
import { calculateRefund, Checkout, type CheckoutRequest, Refund, summarizeCheckout } from "../src/index.ts"
import { exampleRequest, NOW } from "../test/fixtures.ts"
import { plan } from "./fixtures.ts"
import type { Case, Note, Suite } from "./harness.ts"

/** The last commit of main before the one input contract per operation (the namespaces' promises). */
const BEFORE = "6d7ed7f"

type Operation = (data: unknown, options: unknown) => Effect.Effect<unknown, unknown>

interface Before {
  readonly calculateRefund: (plan: unknown, options: unknown) => unknown
  readonly summarizeCheckout: (request: unknown, options: unknown) => unknown
  readonly Refund: { readonly calculate: Operation }
  readonly Checkout: { readonly summarize: Operation }
}

/** The package root as it was at `BEFORE`, or undefined where git cannot give it (the note says so). */
const loadBefore = async (): Promise<Before | undefined> => {
  const here = fileURLToPath(new URL("..", import.meta.url))
  const dir = mkdtempSync(join(tmpdir(), "ppe-before-"))
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }))
  try {
    execFileSync("sh", ["-c", `git -C '${here}' archive ${BEFORE} src | tar -x -C '${dir}'`], { stdio: "ignore" })
    symlinkSync(join(here, "node_modules"), join(dir, "node_modules"))
    return (await import(pathToFileURL(join(dir, "src/index.ts")).href)) as Before
  } catch {
    return undefined
  }
}
const before = await loadBefore()

const request: CheckoutRequest = exampleRequest()

// `at` walks over two months in hour steps, as in the refund benchmark
const START = Date.UTC(2026, 11, 20)
const HOUR = 3_600_000
let step = 0
const nextAt = () => START + (step = (step + 1) % 1440) * HOUR

const coreCalculation = () => calculateResult(plan, { at: nextAt() })
const plainCalculation = () => calculateRefund(plan, { at: nextAt() })
const coreSummary = () => summarizeResult(request, { now: NOW })
const plainSummary = () => summarizeCheckout(request, { now: NOW })

const beforeCalculation = () => before!.calculateRefund(plan, { at: nextAt() })
const beforeSummary = () => before!.summarizeCheckout(request, { now: NOW })

// the namespaces' Effects, each run on its own (`Effect.runSync` starts a fiber for an Effect that is
// more than a value: an operation that computes when it runs, in its span, pays it; one computed when
// it was built did not) and, as an Effect program runs them, in a running fiber (`BATCH` a run)
const effectCalculation = () => Effect.runSync(Refund.calculate(plan, { at: nextAt() }))
const effectSummary = () => Effect.runSync(Checkout.summarize(request, { now: NOW }))
const beforeEffectCalculation = () => Effect.runSync(before!.Refund.calculate(plan, { at: nextAt() }))
const beforeEffectSummary = () => Effect.runSync(before!.Checkout.summarize(request, { now: NOW }))

const BATCH = 100
const batch = Array.from({ length: BATCH }, (_, i) => i)
const inFiber = (operation: () => Effect.Effect<unknown, unknown>) => () =>
  Effect.runSync(Effect.forEach(batch, operation, { discard: true }))
const fiberCalculation = inFiber(() => Refund.calculate(plan, { at: nextAt() }))
const fiberSummary = inFiber(() => Checkout.summarize(request, { now: NOW }))
const beforeFiberCalculation = inFiber(() => before!.Refund.calculate(plan, { at: nextAt() }))
const beforeFiberSummary = inFiber(() => before!.Checkout.summarize(request, { now: NOW }))

// the same answers, or the comparison is of different work
const pairs: ReadonlyArray<readonly [() => Result.Result<unknown, unknown>, () => unknown]> = [
  [coreCalculation, plainCalculation],
  [coreSummary, plainSummary]
]
for (const [core, plain] of pairs) {
  step = 0
  const a = core()
  step = 0
  const b = plain()
  if (!Result.isSuccess(a) || JSON.stringify(a.success) !== JSON.stringify(b)) {
    throw new Error("the benchmark's core and plain calls must give the same answer")
  }
}
if (before !== undefined) {
  step = 0
  const a = JSON.stringify(beforeCalculation())
  step = 0
  if (a !== JSON.stringify(plainCalculation()) || JSON.stringify(beforeSummary()) !== JSON.stringify(plainSummary())) {
    throw new Error("today's code and this branch must give the same answers")
  }
  step = 0
  const b = JSON.stringify(beforeEffectCalculation())
  step = 0
  if (
    b !== JSON.stringify(effectCalculation()) ||
    JSON.stringify(beforeEffectSummary()) !== JSON.stringify(effectSummary())
  ) {
    throw new Error("today's namespaces and this branch's must give the same answers")
  }
}

/**
 * One round: `calls` calls of `f`, in microseconds of this process's CPU time (user and system),
 * which time spent waiting for a core on a shared machine does not count.
 */
const timed = (f: () => unknown, calls: number): number => {
  const start = process.cpuUsage()
  for (let i = 0; i < calls; i++) f()
  const { user, system } = process.cpuUsage(start)
  return user + system
}

/**
 * The median over `rounds` of (plain ÷ core), each round timing core, plain, plain, core (so
 * neither is always first), after three warm-up rounds.
 */
const pairedRatio = (core: () => unknown, plain: () => unknown, calls: number, rounds: number): number => {
  for (let i = 0; i < 3; i++) {
    timed(core, calls)
    timed(plain, calls)
  }
  const ratios: Array<number> = []
  for (let r = 0; r < rounds; r++) {
    const a = timed(core, calls)
    const b = timed(plain, calls) + timed(plain, calls)
    const c = timed(core, calls)
    ratios.push(b / (a + c))
  }
  ratios.sort((x, y) => x - y)
  return ratios[rounds >> 1]!
}

const ROUNDS = 41
const CALLS = 10_000

const BUDGET = 1.05

const CALCULATION_CORE = "baseline: calculateResult (3 items × 3 policies)"
const CALCULATION_BEFORE = `calculateRefund before (${BEFORE})`
const SUMMARY_CORE = "baseline: summarizeResult (2 items)"
const SUMMARY_BEFORE = `summarizeCheckout before (${BEFORE})`
const EFFECT_CALCULATION_BEFORE = `Refund.calculate before (${BEFORE})`
const EFFECT_SUMMARY_BEFORE = `Checkout.summarize before (${BEFORE})`
const FIBER_CALCULATION_BEFORE = `Refund.calculate in a running fiber before (${BEFORE})`
const FIBER_SUMMARY_BEFORE = `Checkout.summarize in a running fiber before (${BEFORE})`
const withBefore = before !== undefined

const cases: Array<Case> = [
  { name: CALCULATION_CORE, run: coreCalculation },
  ...(withBefore ? [{ name: CALCULATION_BEFORE, run: beforeCalculation, compareWith: [CALCULATION_CORE] }] : []),
  {
    name: "calculateRefund (same plan, no unknown fields)",
    run: plainCalculation,
    compareWith: withBefore ? [CALCULATION_BEFORE, CALCULATION_CORE] : [CALCULATION_CORE]
  },
  { name: SUMMARY_CORE, run: coreSummary },
  ...(withBefore ? [{ name: SUMMARY_BEFORE, run: beforeSummary, compareWith: [SUMMARY_CORE] }] : []),
  {
    name: "summarizeCheckout (same request, no unknown fields)",
    run: plainSummary,
    compareWith: withBefore ? [SUMMARY_BEFORE, SUMMARY_CORE] : [SUMMARY_CORE]
  },
  ...(withBefore
    ? [{ name: EFFECT_CALCULATION_BEFORE, run: beforeEffectCalculation, compareWith: [CALCULATION_CORE] }]
    : []),
  {
    name: "Refund.calculate, Effect.runSync (same plan, no unknown fields)",
    run: effectCalculation,
    compareWith: withBefore ? [EFFECT_CALCULATION_BEFORE, CALCULATION_CORE] : [CALCULATION_CORE]
  },
  ...(withBefore ? [{ name: EFFECT_SUMMARY_BEFORE, run: beforeEffectSummary, compareWith: [SUMMARY_CORE] }] : []),
  {
    name: "Checkout.summarize, Effect.runSync (same request, no unknown fields)",
    run: effectSummary,
    compareWith: withBefore ? [EFFECT_SUMMARY_BEFORE, SUMMARY_CORE] : [SUMMARY_CORE]
  },
  ...(withBefore
    ? [{
      name: FIBER_CALCULATION_BEFORE,
      run: beforeFiberCalculation,
      items: BATCH,
      unit: "calls",
      compareWith: [CALCULATION_CORE]
    }]
    : []),
  {
    name: `Refund.calculate in a running fiber (${BATCH} a run)`,
    run: fiberCalculation,
    items: BATCH,
    unit: "calls",
    compareWith: withBefore ? [FIBER_CALCULATION_BEFORE, CALCULATION_CORE] : [CALCULATION_CORE]
  },
  ...(withBefore
    ? [{
      name: FIBER_SUMMARY_BEFORE,
      run: beforeFiberSummary,
      items: BATCH,
      unit: "calls",
      compareWith: [SUMMARY_CORE]
    }]
    : []),
  {
    name: `Checkout.summarize in a running fiber (${BATCH} a run)`,
    run: fiberSummary,
    items: BATCH,
    unit: "calls",
    compareWith: withBefore ? [FIBER_SUMMARY_BEFORE, SUMMARY_CORE] : [SUMMARY_CORE]
  }
]

export const suite: Suite = {
  title: "The surface: what each operation's contract adds",
  budgetsOf: "the root functions and the namespaces' Effects",
  cases,
  notes: (): ReadonlyArray<Note> => {
    const ratio = (name: string, core: () => unknown, plain: () => unknown, budget: boolean, calls = CALLS): Note => {
      const r = pairedRatio(core, plain, calls, ROUNDS)
      const text = `${name}, median of ${ROUNDS} paired rounds: ${r.toFixed(3)}`
      return budget ? { text: `${text} (budget ≤ ${BUDGET})`, pass: r <= BUDGET } : { text }
    }
    return [
      ...(withBefore
        ? [
          ratio(`calculateRefund ÷ calculateRefund before`, beforeCalculation, plainCalculation, true),
          ratio(`summarizeCheckout ÷ summarizeCheckout before`, beforeSummary, plainSummary, true),
          ratio(
            `Refund.calculate in a running fiber ÷ before`,
            beforeFiberCalculation,
            fiberCalculation,
            true,
            CALLS / BATCH
          ),
          ratio(
            `Checkout.summarize in a running fiber ÷ before`,
            beforeFiberSummary,
            fiberSummary,
            true,
            CALLS / BATCH
          ),
          ratio(
            `Refund.calculate, one Effect.runSync each ÷ before`,
            beforeEffectCalculation,
            effectCalculation,
            false
          ),
          ratio(`Checkout.summarize, one Effect.runSync each ÷ before`, beforeEffectSummary, effectSummary, false),
          // what an Effect user pays against a plain user: both now look for unknown fields
          ratio(
            `Refund.calculate in a running fiber ÷ calculateRefund`,
            inFiber(() => Effect.succeed(plainCalculation())),
            fiberCalculation,
            false,
            CALLS / BATCH
          ),
          ratio(
            `Checkout.summarize in a running fiber ÷ summarizeCheckout`,
            inFiber(() => Effect.succeed(plainSummary())),
            fiberSummary,
            false,
            CALLS / BATCH
          )
        ]
        : [{ text: `today's code (${BEFORE}) could not be extracted with git: no budget measured`, pass: false }]),
      ratio(
        "calculateRefund ÷ calculateResult (the core, no unknown-field scan)",
        coreCalculation,
        plainCalculation,
        false
      ),
      ratio(
        "summarizeCheckout ÷ summarizeResult (the core, no unknown-field scan)",
        coreSummary,
        plainSummary,
        false
      )
    ]
  }
}
