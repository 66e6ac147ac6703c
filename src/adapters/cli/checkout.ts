/**
 * `payment-plan validate` and `payment-plan summarize`: a create-checkout
 * request checked against the service's constraints (R4), and its totals (R2),
 * through the plain functions `validateCheckoutRequest` and `summarizeCheckoutResult`
 * (their warnings printed on stderr, io.ts `reportWarnings`).
 *
 * @module
 */
import type { Command } from "commander"
import { summarizeCheckoutResult, validateCheckoutRequest } from "../../facade/index.ts"
import { checkoutAmounts } from "./amounts.ts"
import {
  answered,
  CliFailure,
  EXIT_REFUSED,
  type Format,
  type Io,
  readJson,
  renderIssues,
  reportWarnings,
  strictOption,
  writeJson
} from "./io.ts"
import { merchantFileOption, merchantIdOption, readMerchant } from "./merchant.ts"
import {
  DATE_MEANING,
  defined,
  examples,
  formatOption,
  instantOf,
  type When,
  whenOption,
  zoneOption
} from "./options.ts"
import { renderPairs, renderTable } from "./table.ts"

/** Options every command shares. */
export interface CommonOptions {
  readonly format: Format
  readonly merchant?: string
  readonly merchantId?: string
  readonly tz?: string
  readonly strict?: boolean
}

export const registerValidate = (program: Command, io: Io): void => {
  program
    .command("validate")
    .description(
      "Validate a create-checkout request against every constraint of the service (R4); exit 1 when invalid."
    )
    .argument("[file]", "checkout request JSON (default: stdin)")
    .option(
      "--merchant-id <id>",
      "the authenticated merchant id the request must name (R4.5); with a sandbox merchants file as --merchant, its merchant"
    )
    .addOption(whenOption("--now", "instant of the check: redemption dates must be after it"))
    .addOption(zoneOption("in which calendar redemption dates start (default: UTC)"))
    .addOption(merchantFileOption())
    .addOption(strictOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan validate checkout.json",
        "payment-plan validate checkout.json --merchant-id merchant-123 --now 2026-11-22T09:30:00Z --format table",
        "payment-plan validate checkout.json --merchant sandbox-merchants.json --merchant-id merchant-123 --strict",
        "curl -s https://shop.example/checkout.json | payment-plan validate --merchant config.json"
      ])
    )
    .action(async (file: string | undefined, options: CommonOptions & { now?: When }) => {
      const input = await readJson(file, io)
      const merchant = await readMerchant(options, io, true)
      const result = validateCheckoutRequest(
        input,
        defined({
          merchantId: options.merchantId,
          now: instantOf(options.now, options.tz),
          merchant,
          timeZone: options.tz
        })
      )
      // the validation result is the answer, valid or not (its warnings in it); stderr shows the warnings
      if (options.format === "json") writeJson(io, result)
      else {io.stdout.write(
          result.ok ? "valid\n" : `invalid: ${result.issues.length} issue(s)\n${renderIssues(result.issues)}`
        )}
      reportWarnings(io, result.warnings, options.strict)
      // the exit code tells scripts it is a refusal
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
    .addOption(merchantFileOption())
    .addOption(merchantIdOption())
    .addOption(strictOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan summarize checkout.json --now 2026-11-22T09:30:00Z",
        "payment-plan summarize checkout.json --tz Australia/Sydney --merchant config.json --format table",
        "payment-plan summarize checkout.json --merchant sandbox-merchants.json --merchant-id merchant-123"
      ])
    )
    .action(async (file: string | undefined, options: CommonOptions & { now?: When }) => {
      const input = await readJson(file, io)
      const merchant = await readMerchant(options, io)
      const summary = answered(
        summarizeCheckoutResult(
          input,
          defined({ now: instantOf(options.now, options.tz), merchant, timeZone: options.tz })
        ),
        io,
        options.strict
      )
      if (options.format === "json") return writeJson(io, summary)
      const amount = checkoutAmounts(summary.currencyCode, merchant)
      io.stdout.write(
        renderTable(
          ["item", "lineTotal", "minimumDeposit", "deadlineDate"],
          summary.items.map((
            item,
            i
          ) => [String(i), amount(item.lineTotal), amount(item.minimumDeposit), item.deadlineDate])
        ) +
          "\n" +
          renderPairs([
            ["currencyCode", summary.currencyCode],
            ["totalCost", amount(summary.totalCost)],
            ["totalMinimumDeposit", amount(summary.totalMinimumDeposit)],
            ["completionDate", summary.completionDate],
            ["expiresAt", summary.expiresAt]
          ])
      )
    })
}
