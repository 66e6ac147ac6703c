/**
 * `--merchant <file>` and `--merchant-id <id>`: the merchant configuration a
 * calculation uses. The file is one merchant's configuration (what the
 * service's merchant-configuration endpoint answers), or a sandbox merchants
 * file (`{ "merchants": [...] }`, such as examples/sandbox-merchants.json), of
 * which `--merchant-id` picks one entry.
 *
 * A merchants file is read by the sandbox's own loader (`loadMerchants` of the
 * package's `./sandbox` export, loaded as any user loads it, as `serve` loads
 * the sandbox): this module only tells the two shapes apart and picks the
 * entry. A configuration is read by the core, in the calculation.
 */
import { Option } from "commander"
import { isRecord } from "../../core/foundation/input.ts"
import type { Issue } from "../../core/foundation/issues.ts"
import { type Io, readJsonOption, refused, usage } from "./io.ts"
import { merchantOption } from "./options.ts"

/** What the command line needs of `payment-plan-engine/sandbox`. */
interface SandboxModule {
  readonly loadMerchants: (input: unknown) => ReadonlyArray<{ readonly id: string; readonly configuration: unknown }>
}

const SANDBOX = "payment-plan-engine/sandbox"

/** `--merchant <file>` of the commands that read it with {@link readMerchant}. */
export const merchantFileOption = () => merchantOption(true)

/** `--merchant-id` of the commands where it only picks the entry of a merchants file. */
export const merchantIdOption = () =>
  new Option("--merchant-id <id>", "the merchant of the sandbox merchants file given as --merchant")

/** A sandbox merchants file rather than one merchant's configuration: an object with `merchants`. */
const isMerchantsFile = (input: unknown): input is { readonly merchants: unknown } =>
  isRecord(input) && "merchants" in input

/** The issues of the loader's refusal (its `ValidationError`; another module's class, so read by shape). */
const refusedIssues = (error: unknown): ReadonlyArray<Issue> | undefined =>
  isRecord(error) && Array.isArray(error["issues"]) ? (error["issues"] as ReadonlyArray<Issue>) : undefined

export interface MerchantOptions {
  readonly merchant?: string
  readonly merchantId?: string
}

/**
 * The merchant configuration of `--merchant` (and `--merchant-id`), or
 * undefined without `--merchant`. `idStandsAlone`: the command reads
 * `--merchant-id` on its own too (validate's authenticated merchant, R4.5);
 * elsewhere `--merchant-id` without a merchants file to pick from is a usage error.
 *
 * A merchants file without `--merchant-id`, or without the id given, is a usage
 * error naming the ids it has (exit 2); a merchants file the loader refuses is
 * refused input with every issue (exit 1), as a refused configuration is.
 */
export const readMerchant = async (
  options: MerchantOptions,
  io: Io,
  idStandsAlone = false
): Promise<unknown> => {
  const { merchant: file, merchantId } = options
  if (file === undefined) {
    if (merchantId !== undefined && !idStandsAlone) {
      throw usage("--merchant-id picks a merchant of the sandbox merchants file given as --merchant <file>")
    }
    return undefined
  }
  const input = await readJsonOption(file, io, "--merchant")
  if (!isMerchantsFile(input)) {
    if (merchantId !== undefined && !idStandsAlone) {
      throw usage(
        `--merchant-id picks a merchant of a sandbox merchants file ({ "merchants": [...] }); ${file} is one merchant's configuration: drop --merchant-id`
      )
    }
    return input
  }
  const sandbox = (await import(SANDBOX)) as SandboxModule
  let merchants: ReturnType<SandboxModule["loadMerchants"]>
  try {
    merchants = sandbox.loadMerchants(input)
  } catch (error) {
    const issues = refusedIssues(error)
    if (issues !== undefined) throw refused(`the merchants file ${file} was refused:`, issues)
    throw error
  }
  const ids = merchants.map((m) => m.id).join(", ")
  if (merchantId === undefined) {
    throw usage(
      `${file} is a sandbox merchants file, not one merchant's configuration: pick its merchant with --merchant-id <id> (${ids})`
    )
  }
  const picked = merchants.find((m) => m.id === merchantId)
  if (picked === undefined) throw usage(`${file} has no merchant ${merchantId}; its merchants: ${ids}`)
  return picked.configuration
}
