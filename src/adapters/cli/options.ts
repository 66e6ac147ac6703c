/**
 * Options shared by the commands, named after the public functions' options
 * (`now`, `at`, `timeZone` as `--tz`, `merchant`).
 */
import { InvalidArgumentError, Option } from "commander"
import { isTimeZone } from "../../core/foundation/time/index.ts"
import { instantOption } from "./io.ts"

export const parseInstant = (option: string) => (value: string) => {
  try {
    return instantOption(value, option)
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message)
  }
}

const parseZone = (value: string) => {
  if (!isTimeZone(value)) throw new InvalidArgumentError(`not an IANA time zone: "${value}" (R3.1)`)
  return value
}

export const formatOption = () =>
  new Option("--format <format>", "output: json for programs, table for people").choices(["json", "table"]).default(
    "json"
  )

export const merchantOption = () =>
  new Option(
    "--merchant <file>",
    "merchant configuration JSON (currencies, default deposits, deadlines and refund policies)"
  )

export const zoneOption = (what: string) => new Option("--tz <zone>", `IANA time zone ${what}`).argParser(parseZone)

export const examples = (lines: ReadonlyArray<string>) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`

/** An options object without the keys whose value is undefined (exactOptionalPropertyTypes). */
export const defined = <T extends Record<string, unknown>>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never
