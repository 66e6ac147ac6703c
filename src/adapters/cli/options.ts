/**
 * Options shared by the commands, named after the public functions' options
 * (`now`, `at`, `timeZone` as `--tz`, `merchant`).
 *
 * A bad option value is a usage error (exit 2) wherever it is given: each
 * option is checked here, when the command line is parsed, with the core's own
 * definitions (time zones, instants, cadences, plan types), before any input is
 * read.
 *
 * @module
 */
import { InvalidArgumentError, Option } from "commander"
import * as Result from "effect/Result"
import { PLAN_TYPES } from "../../core/checkout/index.ts"
import { requestValidator } from "../../core/foundation/issues.ts"
import * as Time from "../../core/foundation/time/index.ts"
import { Cadence } from "../../core/plan-terms/index.ts"

/**
 * When a calculation happens, as the command line gives it: an instant, or a
 * calendar day. A day means its first instant in the calculation's time zone
 * (`--tz`, else the plan's own `timeZone` where the input has one, else UTC),
 * so the calculation sees the date written, whichever zone it works in.
 */
export type When =
  | { readonly instant: string }
  | { readonly day: Time.EpochDay }

/** What every command's help says a date means (docs/cli.md, "Dates and instants"). */
export const DATE_MEANING =
  "A bare date YYYY-MM-DD means the start of that day in the calculation's time zone (--tz, else the plan's timeZone, else UTC)."

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Reads `--now` / `--at`: an RFC 3339 date-time with offset, or a calendar date. */
export const parseWhen = (option: string) => (value: string): When => {
  if (BARE_DATE.test(value)) {
    const day = Time.parseDate(value)
    if (day !== undefined) return { day }
  } else if (Time.toEpochMillis(value) !== undefined) return { instant: value }
  throw new InvalidArgumentError(
    `${option} must be a date-time such as 2026-11-22T09:30:00Z or a date such as 2026-11-22, got "${value}"`
  )
}

/** The zone `zone` if it is one, else UTC: an unknown zone is reported by the calculation itself. */
const zoneOr = (zone: unknown): string => (Time.isTimeZone(zone) ? zone : "UTC")

/**
 * The instant of a calculation: the instant given, the start of the day given
 * in `zone`, or the current time.
 */
export const instantOf = (when: When | undefined, zone: unknown): string | Date =>
  when === undefined
    ? new Date()
    : "instant" in when
    ? when.instant
    : Time.formatInstant(Time.startOfDay(when.day, zoneOr(zone)))

/** `--now <instant>` or `--at <instant>`, with what the instant is of. */
export const whenOption = (flag: "--now" | "--at", what: string) =>
  new Option(`${flag} <instant>`, `${what}; a date-time with offset, or a date YYYY-MM-DD (default: now)`).argParser(
    parseWhen(flag)
  )

const parseZone = (value: string) => {
  if (!Time.isTimeZone(value)) throw new InvalidArgumentError(`not an IANA time zone: "${value}" (R3.1)`)
  return value
}

const checkCadence = requestValidator(Cadence, "R6.2")

/** A cadence part as the core's Cadence schema reads it (R6.2): a bad one is a usage error. */
const cadencePart = (option: string, cadence: unknown) => {
  const checked = checkCadence(cadence)
  if (Result.isFailure(checked)) {
    throw new InvalidArgumentError(`${option}: ${checked.failure.issues.map((i) => i.message).join("; ")} (R6.2)`)
  }
}

/** `--day 15` is a day of the month, `--day monday` a weekday (R6.2). */
export const dayOn = (day: string): Record<string, unknown> =>
  /^\d+$/.test(day) ? { dayOfMonth: Number(day) } : { dayOfWeek: day }

export const parseFrequency = (value: string) => {
  cadencePart("--frequency", { frequency: value })
  return value
}

export const parseDay = (value: string) => {
  cadencePart("--day", { on: dayOn(value) })
  return value
}

export const planTypeOption = () =>
  new Option("--plan-type <type>", "the plan type (default: Installment)").choices(PLAN_TYPES)

export const formatOption = () =>
  new Option("--format <format>", "output: json for programs, table for people").choices(["json", "table"]).default(
    "json"
  )

/**
 * `--merchant <file>`; `withMerchantsFile`: the command also takes a sandbox
 * merchants file with `--merchant-id` (merchant.ts, `readMerchant`).
 */
export const merchantOption = (withMerchantsFile = false) =>
  new Option(
    "--merchant <file>",
    "merchant configuration JSON (currencies, default deposits, deadlines and refund policies)" +
      (withMerchantsFile ? ", or a sandbox merchants file { merchants: [...] } with --merchant-id" : "")
  )

export const zoneOption = (what: string) => new Option("--tz <zone>", `IANA time zone ${what}`).argParser(parseZone)

export const examples = (lines: ReadonlyArray<string>) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`

/** An options object without the keys whose value is undefined (exactOptionalPropertyTypes). */
export const defined = <T extends Record<string, unknown>>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never
