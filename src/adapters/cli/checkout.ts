/**
 * `payment-plan validate` and `payment-plan summarize`: a create-checkout
 * request checked against the service's constraints (R4), and its totals (R2),
 * through the plain functions `validateCheckoutRequest` and `summarizeCheckout`.
 */
import type { Command } from "commander"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import { summarizeCheckout, validateCheckoutRequest } from "../../facade/index.ts"
import { calculate } from "./calculations.ts"
import {
  CliFailure,
  EXIT_REFUSED,
  type Format,
  type Io,
  issueRows,
  readJson,
  readJsonOption,
  renderIssues,
  writeJson
} from "./io.ts"
import {
  DATE_MEANING,
  defined,
  examples,
  formatOption,
  instantOf,
  merchantOption,
  type When,
  whenOption,
  zoneOption
} from "./options.ts"
import { renderPairs, renderTable } from "./table.ts"

/** Options every command shares. */
export interface CommonOptions {
  readonly format: Format
  readonly merchant?: string
  readonly tz?: string
}

export const registerValidate = (program: Command, io: Io): void => {
  program
    .command("validate")
    .description(
      "Validate a create-checkout request against every constraint of the service (R4); exit 1 when invalid."
    )
    .argument("[file]", "checkout request JSON (default: stdin)")
    .option("--merchant-id <id>", "the authenticated merchant id the request must name (R4.5)")
    .addOption(whenOption("--now", "instant of the check: redemption dates must be after it"))
    .addOption(zoneOption("in which calendar redemption dates start (default: UTC)"))
    .addOption(merchantOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan validate checkout.json",
        "payment-plan validate checkout.json --merchant-id merchant-123 --now 2026-11-22T09:30:00Z --format table",
        "curl -s https://shop.example/checkout.json | payment-plan validate --merchant config.json"
      ])
    )
    .action(async (file: string | undefined, options: CommonOptions & { merchantId?: string; now?: When }) => {
      const input = await readJson(file, io)
      const merchant = await readJsonOption(options.merchant, io, "--merchant")
      const result = validateCheckoutRequest(
        input,
        defined({
          merchantId: options.merchantId,
          now: instantOf(options.now, options.tz),
          merchant,
          timeZone: options.tz
        })
      )
      if (options.format === "json") writeJson(io, result)
      else {
        const warnings = result.warnings.length === 0
          ? ""
          : `\nwarnings:\n${renderTable(["path", "code", "rule", "message"], issueRows(result.warnings))}`
        io.stdout.write(
          (result.ok ? "valid\n" : `invalid: ${result.issues.length} issue(s)\n${renderIssues(result.issues)}`) +
            warnings
        )
      }
      // the result is the answer; the exit code tells scripts it is a refusal
      if (!result.ok) throw new CliFailure(EXIT_REFUSED, "")
    })
}

export const registerSummarize = (program: Command, io: Io): void => {
  program
    .command("summarize")
    .description(
      "The totals the service computes for a checkout (R2): totalCost, totalMinimumDeposit, completionDate, expiresAt, each item."
    )
    .argument("[file]", "checkout request JSON (default: stdin)")
    .addOption(whenOption("--now", "creation instant of the checkout: expiresAt counts from it"))
    .addOption(zoneOption("in which date-times become calendar dates (default: UTC)"))
    .addOption(merchantOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan summarize checkout.json --now 2026-11-22T09:30:00Z",
        "payment-plan summarize checkout.json --tz Australia/Sydney --merchant config.json --format table"
      ])
    )
    .action(async (file: string | undefined, options: CommonOptions & { now?: When }) => {
      const input = await readJson(file, io)
      const merchant = await readJsonOption(options.merchant, io, "--merchant")
      const summary = calculate(() =>
        summarizeCheckout(
          input as CheckoutRequest,
          defined({ now: instantOf(options.now, options.tz), merchant, timeZone: options.tz })
        )
      )
      if (options.format === "json") return writeJson(io, summary)
      io.stdout.write(
        renderTable(
          ["item", "lineTotal", "minimumDeposit", "deadlineDate"],
          summary.items.map((
            item,
            i
          ) => [String(i), String(item.lineTotal), String(item.minimumDeposit), item.deadlineDate])
        ) +
          "\n" +
          renderPairs([
            ["currencyCode", summary.currencyCode],
            ["totalCost", summary.totalCost],
            ["totalMinimumDeposit", summary.totalMinimumDeposit],
            ["completionDate", summary.completionDate],
            ["expiresAt", summary.expiresAt]
          ])
      )
    })
}
