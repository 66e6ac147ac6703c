/**
 * `payment-plan plan-terms` and `payment-plan calculate-refund`: the plan terms of
 * a checkout (R6) and the refund calculation of a plan (R7), through the plain
 * functions' `…Result` twins `computePlanTermsResult` and `calculateRefundResult`
 * (their warnings printed on stderr, io.ts `answered`).
 *
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander"
import { isRecord } from "../../core/foundation/input.ts"
import { DEPOSIT_STRATEGIES, type DepositStrategy } from "../../core/plan-terms/index.ts"
import type { PlanTerms } from "../../core/plan-terms/index.ts"
import { calculateRefundResult, computePlanTermsResult } from "../../facade/index.ts"
import { checkoutAmounts, planAmounts } from "./amounts.ts"
import {
  answered,
  CliFailure,
  EXIT_REFUSED,
  type Format,
  type Io,
  readJson,
  readJsonOption,
  strictOption,
  usage,
  writeJson
} from "./io.ts"
import { merchantFileOption, merchantIdOption, readMerchant } from "./merchant.ts"
import {
  DATE_MEANING,
  dayOn,
  defined,
  examples,
  formatOption,
  instantOf,
  parseDay,
  parseFrequency,
  planTypeOption,
  type When,
  whenOption,
  zoneOption
} from "./options.ts"
import { renderPairs, renderTable } from "./table.ts"

const parseAmount = (value: string) => {
  // the core judges the digits against the currency (R1.3); here only "is it a number"
  if (!/^-?\d+(\.\d+)?$/.test(value)) {
    throw new InvalidArgumentError(`must be an amount such as 250 or 99.95, got "${value}"`)
  }
  return Number(value)
}

interface PlanTermsOptions {
  readonly now?: When
  readonly tz?: string
  readonly merchant?: string
  readonly merchantId?: string
  readonly strict?: boolean
  readonly request?: string
  readonly checkoutId?: string
  readonly planType?: string
  readonly deposit?: number
  readonly frequency?: string
  readonly day?: string
  readonly strategy?: DepositStrategy
  readonly format: Format
}

/** The plan-terms request: `--request` if given, with each option set over it. */
const planTermsRequest = (checkout: unknown, base: unknown, o: PlanTermsOptions): Record<string, unknown> => {
  const request: Record<string, unknown> = isRecord(base) ? { ...base } : {}
  const checkoutId = o.checkoutId ?? request["checkoutId"] ??
    (isRecord(checkout) && typeof checkout["id"] === "string" ? checkout["id"] : "checkout")
  request["checkoutId"] = checkoutId
  request["type"] ??= "plan"
  if (o.planType !== undefined) request["planType"] = o.planType
  if (o.tz !== undefined || request["timeZone"] === undefined) request["timeZone"] = o.tz ?? "UTC"
  if (o.deposit !== undefined) request["deposit"] = { amount: o.deposit }
  if (o.frequency !== undefined || o.day !== undefined) {
    const installments = isRecord(request["installments"]) ? request["installments"] : {}
    const cadence = isRecord(installments["cadence"]) ? installments["cadence"] : {}
    request["installments"] = {
      ...installments,
      cadence: defined({
        ...cadence,
        frequency: o.frequency ?? cadence["frequency"],
        on: o.day === undefined ? cadence["on"] : dayOn(o.day)
      })
    }
  }
  return request
}

const writePlanTermsTable = (io: Io, terms: PlanTerms, merchant: unknown): void => {
  const cadence = terms.installments.cadence as { frequency?: unknown; on?: Record<string, unknown> }
  const amount = checkoutAmounts(terms.currencyCode, merchant)
  const { installments } = terms
  io.stdout.write(
    renderPairs([
      ["currencyCode", terms.currencyCode],
      ["planType", terms.planType],
      ["totalCost", amount(terms.totalCost)],
      ["deposit", amount(terms.deposit.amount)],
      ["deposit range", `${amount(terms.deposit.range.min)} .. ${amount(terms.deposit.range.max)}`],
      [
        "instalments",
        `${installments.count} × ${amount(installments.amount)} (remainder ${amount(installments.remainder)})`
      ],
      ["cadence", [cadence.frequency, ...Object.values(cadence.on ?? {})].join(" ")]
    ]) +
      (terms.installments.validation.length === 0
        ? ""
        : `\nunacceptable:\n${
          renderTable(["key", "value"], terms.installments.validation.map((v) => [v.key, v.value]))
        }`) +
      "\n" +
      renderTable(
        ["payment", "date", "amount"],
        terms.schedule.map((p) => [String(p.installmentNumber), p.date, amount(p.amount)])
      )
  )
}

/** The plan's own `timeZone`, which a calculation works in when --tz is not given. */
const planZone = (plan: unknown): unknown => (isRecord(plan) ? plan["timeZone"] : undefined)

export const registerPlanTerms = (program: Command, io: Io): void => {
  program
    .command("plan-terms")
    .description(
      "The plan terms of a checkout (R6): deposit and its range, instalment amount, remainder and count, validation entries and the schedule."
    )
    .argument("[checkout]", "create-checkout request or checkout response JSON (default: stdin)")
    .addOption(whenOption("--now", "instant of the computation: its date in --tz is the plan date"))
    .addOption(zoneOption("of the plan (the request's timeZone; default: UTC)"))
    .addOption(
      new Option("--deposit <amount>", "the deposit the customer chooses (default: by --strategy)").argParser(
        parseAmount
      )
    )
    .addOption(
      new Option("--frequency <frequency>", "Weekly, Fortnightly or Monthly (any case; default: Weekly)").argParser(
        parseFrequency
      )
    )
    .addOption(
      new Option(
        "--day <day>",
        "weekday (Weekly, Fortnightly) or day of the month 1..31 (Monthly); default: the plan date's"
      ).argParser(parseDay)
    )
    .addOption(planTypeOption())
    .addOption(
      new Option(
        "--strategy <strategy>",
        "default deposit: minimum, or even payments for merchant-assisted checkouts (R6.7)"
      ).choices(DEPOSIT_STRATEGIES)
    )
    .option("--checkout-id <id>", "checkoutId of the request (default: the checkout's id)")
    .option("--request <file>", "a whole compute-plan-terms request JSON; the options above are set over it")
    .addOption(merchantFileOption())
    .addOption(merchantIdOption())
    .addOption(strictOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan plan-terms checkout.json --now 2026-11-22T09:30:00Z --tz Australia/Sydney",
        "payment-plan plan-terms checkout.json --frequency fortnightly --day friday --deposit 300 --format table",
        "payment-plan plan-terms checkout.json --frequency monthly --day 31 --strategy even --merchant config.json"
      ])
    )
    .action(async (file: string | undefined, options: PlanTermsOptions) => {
      const checkout = await readJson(file, io)
      const base = await readJsonOption(options.request, io, "--request")
      const merchant = await readMerchant(options, io)
      const request = planTermsRequest(checkout, base, options)
      const terms = answered(
        computePlanTermsResult(
          checkout,
          request,
          // a date in --now is the plan date: its start in the request's zone
          defined({ now: instantOf(options.now, request["timeZone"]), merchant, depositStrategy: options.strategy })
        ),
        io,
        options.strict
      )
      if (options.format === "json") writeJson(io, terms)
      else writePlanTermsTable(io, terms, merchant)
      // computable but unacceptable terms (R6.6) are shown, and the exit code says they are not acceptable
      if (terms.installments.validation.length > 0) throw new CliFailure(EXIT_REFUSED, "")
    })
}

export const registerCalculateRefund = (program: Command, io: Io): void => {
  program
    .command("calculate-refund")
    .description(
      "The refund calculation of a plan at an instant (R7): per item the active policy and the non-refundable amount, and the suggested refund."
    )
    .argument("[plan]", "plan JSON: currencyCode, totalPaymentsPaid, items with refund policies (default: stdin)")
    .addOption(whenOption("--at", "instant of the calculation"))
    .addOption(zoneOption("of the calendar dates (default: the plan's timeZone, else UTC)"))
    .addOption(merchantFileOption())
    .addOption(merchantIdOption())
    .addOption(strictOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan calculate-refund plan.json --at 2027-01-20T09:00:00+11:00 --tz Australia/Sydney",
        "payment-plan calculate-refund plan.json --merchant config.json --format table",
        "payment-plan calculate-refund plan.json --merchant sandbox-merchants.json --merchant-id merchant-123 --strict"
      ])
    )
    .action(
      async (
        file: string | undefined,
        options: { at?: When; tz?: string; merchant?: string; merchantId?: string; strict?: boolean; format: Format }
      ) => {
        const plan = await readJson(file, io)
        const merchant = await readMerchant(options, io)
        const calculation = answered(
          calculateRefundResult(
            plan,
            defined({ at: instantOf(options.at, options.tz ?? planZone(plan)), timeZone: options.tz, merchant })
          ),
          io,
          options.strict
        )
        if (options.format === "json") return writeJson(io, calculation)
        const amount = planAmounts(plan, merchant)
        io.stdout.write(
          renderTable(
            ["item", "name", "totalCost", "minNonRefundableDeposit", "active policy", "nonRefundableAmount"],
            calculation.items.map((item) => [
              item.id,
              item.name,
              amount(item.totalCost),
              amount(item.minNonRefundableDeposit),
              item.activeRefundPolicyIndex < 0
                ? "none"
                : (item.refundPolicies[item.activeRefundPolicyIndex]?.name ?? ""),
              amount(item.nonRefundableAmount)
            ])
          ) +
            "\n" +
            renderPairs([
              ["currencyCode", calculation.currencyCode],
              ["planTotalCost", amount(calculation.planTotalCost)],
              ["totalPaymentsPaid", amount(calculation.totalPaymentsPaid)],
              ["totalNonRefundableAmount", amount(calculation.totalNonRefundableAmount)],
              ["suggestedRefundAmount", amount(calculation.suggestedRefundAmount)]
            ])
        )
      }
    )
}

/**
 * The command's name before 0.2 (`refund-quote`), kept out of the help: it runs nothing and says
 * the new name, a usage error (exit 2), so a script that calls it fails loudly rather than silently.
 */
export const registerRenamedCommands = (program: Command): void => {
  program
    .command("refund-quote", { hidden: true })
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw usage("refund-quote is now calculate-refund")
    })
}
