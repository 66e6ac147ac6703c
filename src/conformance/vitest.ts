/**
 * `payment-plan-engine/conformance/vitest`: the conformance checks as a vitest
 * suite, so a team runs them in its own CI against its own emulator or
 * sandbox. vitest is an optional peer dependency (this entry only).
 *
 * @packageDocumentation
 * @module payment-plan-engine/conformance/vitest
 */
import { beforeAll, describe, it } from "vitest"
import { CHECK_GROUPS, type ConformanceConfig } from "./config.ts"
import type { ConformanceReport, Disagreement } from "./report.ts"
import { shown } from "./report.ts"
import { runConformance } from "./runner.ts"

/**
 * Options of {@link describeConformance}.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface DescribeConformanceOptions {
  /** The suite's name; default `conformance of <base URL>`. */
  readonly name?: string
  /** Time limit of the whole run in milliseconds; default 300 000. */
  readonly timeoutMs?: number
}

const describeDisagreement = (d: Disagreement, i: number): string =>
  [
    `${i + 1}. ${d.rule} ${d.operation} ${d.field}${d.at === undefined ? "" : ` at ${d.at}`}: expected ${
      shown(d.expected)
    }, got ${shown(d.actual)}`,
    `   smallest request: ${d.request === undefined ? "(none)" : `${d.request.method} ${d.request.path}`}`,
    ...(d.request?.setup ?? []).map((s) =>
      `     after ${s.method} ${s.path} ${s.body === undefined ? "" : JSON.stringify(s.body)}`
    ),
    ...(d.request?.body === undefined ? [] : [`   body: ${JSON.stringify(d.request.body)}`]),
    ...(d.response === undefined ? [] : [`   answer ${d.response.status}: ${JSON.stringify(d.response.body)}`])
  ].join("\n")

/**
 * Declares a vitest suite that runs the conformance checks once (in
 * `beforeAll`) and has one test per group (`create`, `terms`, `refund`,
 * `verify`, `search`, `plans`, `notes`), failing with each disagreement's
 * rule, field, both values and smallest request, or because the group could
 * not run; and a test of the run's reach (`minCoverage`). `config` may be a function, called in
 * `beforeAll` (after your own `beforeAll` started the emulator, say).
 *
 * @example
 * ```ts
 * // conformance.test.ts
 * import { describeConformance } from "payment-plan-engine/conformance/vitest"
 *
 * describeConformance(() => ({
 *   baseUrl: process.env.EMULATOR_URL!,
 *   merchantId: process.env.EMULATOR_MERCHANT_ID!,
 *   apiKey: process.env.EMULATOR_API_KEY!,
 *   runs: 100,
 *   seed: 42,
 *   rps: 50
 * }))
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const describeConformance = (
  config: ConformanceConfig | (() => ConformanceConfig | Promise<ConformanceConfig>),
  options: DescribeConformanceOptions = {}
): void => {
  const groups = typeof config === "function" ? CHECK_GROUPS : (config.only ?? CHECK_GROUPS)
  const name = options.name ??
    (typeof config === "function" ? "conformance of the service" : `conformance of ${String(config.baseUrl)}`)
  describe(name, () => {
    let report: ConformanceReport | undefined
    let failure: unknown
    beforeAll(async () => {
      try {
        report = await runConformance(typeof config === "function" ? await config() : config)
      } catch (error) {
        failure = error
      }
    }, options.timeoutMs ?? 300_000)

    it("the service can be compared with (reachable, credentials accepted)", () => {
      if (failure !== undefined) {
        throw new Error(`conformance could not run: ${(failure as Error)?.message ?? String(failure)}`)
      }
    })

    for (const group of groups) {
      it(`${group}: every check agrees with the rules`, () => {
        if (report === undefined) throw new Error("conformance could not run (see the first test)")
        const tally = report.groups.find((g) => g.group === group)
        // a group that was selected and could not run fails its test: never a silent pass
        if (tally?.status === "skipped") throw new Error(`group ${group} could not run: ${tally.reason}`)
        const found = report.disagreements.filter((d) => d.property.split(".")[0] === group)
        if (found.length > 0) {
          throw new Error(
            `${found.length} disagreement(s) with the rules (seed ${report.seed}):\n${
              found.map(describeDisagreement).join("\n")
            }`
          )
        }
      })
    }

    it("coverage: every boundary class the run is to reach was reached as often as minCoverage asks", () => {
      if (report === undefined) throw new Error("conformance could not run (see the first test)")
      const short = report.incomplete.filter((reason) => reason.includes("boundary class"))
      if (short.length > 0) throw new Error(short.join("\n"))
    })
  })
}
