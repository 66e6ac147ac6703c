/**
 * `--merchant <file>` and `--merchant-id <id>`: the merchant configuration a
 * calculation uses. The file is one merchant's configuration (what the
 * service's merchant-configuration endpoint answers), or a sandbox merchants
 * file (`{ "merchants": [...] }`, such as examples/sandbox-merchants.json), of
 * which `--merchant-id` picks one entry.
 *
 * A merchants file is read by the sandbox's own reader (`readMerchantProfile` of
 * the package's `./sandbox` export, loaded as any user loads it, as `serve`
 * loads the sandbox): this module only tells the two shapes apart. A configuration is read by the core, in the calculation.
 *
 * @module
 */
import { Option } from "commander"
import { isRecord } from "../../core/foundation/input.ts"
import type { Issue } from "../../core/foundation/issues.ts"
import { type Io, readJsonOption, refused, usage } from "./io.ts"
import { merchantOption } from "./options.ts"
import { loadSandbox } from "./sandbox-module.ts"

/** What the command line needs of `payment-plan-engine/sandbox`. */
interface SandboxModule {
  readonly readMerchantProfile: (file: string, merchantId: string) => { readonly configuration: unknown }
  readonly readMerchantsFile: (file: string) => ReadonlyArray<{ readonly id: string }>
}

/** `--merchant <file>` of the commands that read it with {@link readMerchant}. */
export const merchantFileOption = () => merchantOption(true)

/** `--merchant-id` of the commands where it only picks the entry of a merchants file. */
export const merchantIdOption = () =>
  new Option("--merchant-id <id>", "the merchant of the sandbox merchants file given as --merchant")

/** A sandbox merchants file rather than one merchant's configuration: an object with `merchants`. */
const isMerchantsFile = (input: unknown): input is { readonly merchants: unknown } =>
  isRecord(input) && "merchants" in input

/** The sandbox's `MerchantsFileError` (another module's class, so read by shape). */
interface MerchantsFileError {
  readonly problem: string
  readonly message: string
  readonly issues: ReadonlyArray<Issue>
}

const isMerchantsFileError = (error: unknown): error is MerchantsFileError =>
  isRecord(error) && error["_tag"] === "MerchantsFileError" && Array.isArray(error["issues"])

/** The sandbox loader's answer, its refusals turned into the command line's: refused input, else a usage error. */
const loaded = <A>(file: string, load: () => A): A => {
  try {
    return load()
  } catch (error) {
    if (!isMerchantsFileError(error)) throw error
    if (error.problem === "refused") throw refused(`the merchants file ${file} was refused:`, error.issues)
    throw usage(error.issues.length > 0 ? `${error.message}: ${error.issues[0]!.message}` : error.message)
  }
}

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
  if (file === "-") throw usage("a sandbox merchants file is read from its path: give --merchant <file>, not stdin")
  const sandbox = await loadSandbox<SandboxModule>("a sandbox merchants file (--merchant)")
  if (merchantId === undefined) {
    // the whole file is checked first: a file the sandbox refuses is said before which merchant to pick
    const ids = loaded(file, () => sandbox.readMerchantsFile(file)).map((m) => m.id).join(", ")
    throw usage(
      `${file} is a sandbox merchants file, not one merchant's configuration: pick its merchant with --merchant-id <id> (${ids})`
    )
  }
  // the sandbox's own reading of one merchant: the whole file checked, no key hashed
  return loaded(file, () => sandbox.readMerchantProfile(file, merchantId)).configuration
}
