/**
 * Reading a merchants file: its size bounded before it is read, a UTF-8
 * byte-order mark read as what it is, every problem a `MerchantsFileError`
 * (one line, and the issues); its plain keys hashed on the thread pool with
 * progress when the sandbox starts.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Result from "effect/Result"
import { readFileSync, statSync } from "node:fs"
import { describe, type Issue, issue, ValidationError } from "../../core/foundation/issues.ts"
import { hashApiKeyAsync } from "./api-keys.ts"
import {
  type Checked,
  checkMerchants,
  count,
  loadMerchants,
  merchantOf,
  type MerchantProfile,
  MERCHANTS_FILE_LIMITS,
  type MerchantsFile,
  type SandboxMerchant
} from "./merchants.ts"

/**
 * How far hashing a merchants file's plain keys has got: called with 0 before
 * the first, then after each.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export type HashProgress = (hashed: number, total: number) => void

// as many scrypt at once as Node's thread pool runs (4 by default): the machine's cores all work
const HASHING_AT_ONCE = 4

/**
 * Reads a merchants file as {@link readMerchantsFile} does, hashing its plain
 * keys on the thread pool (several at once, the server not yet listening) and
 * telling `onProgress` how far it got: a file of many plain keys takes a
 * while (scrypt's tens of milliseconds a key, on purpose).
 */
export const readMerchantsFileHashing = async (
  file: string,
  onProgress?: HashProgress
): Promise<ReadonlyArray<SandboxMerchant>> => {
  const checked = checkMerchants(readJsonFile(file))
  if (Result.isFailure(checked)) throw refused(file, checked.failure)
  const entries = checked.success
  const plain = entries.filter((c) => c.entry.apiKeyHash === undefined)
  const hashes = new Map<Checked, string>()
  if (plain.length > 0) onProgress?.(0, plain.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < plain.length) {
      const c = plain[next++]!
      hashes.set(c, await hashApiKeyAsync(c.entry.apiKey!))
      onProgress?.(hashes.size, plain.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(HASHING_AT_ONCE, plain.length) }, worker))
  return entries.map((c) => merchantOf(c, c.entry.apiKeyHash ?? hashes.get(c)!))
}

/**
 * Why a merchants file was refused: it could not be read, was larger than
 * {@link MERCHANTS_FILE_LIMITS} allows, was not JSON, was refused, or lacks a merchant.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export type MerchantsFileProblem = "unreadable" | "too_large" | "not_json" | "refused" | "unknown_merchant"

/**
 * A merchants file that cannot be used: `problem` says why, `issues` name
 * every refused field (`refused`) or the id asked for (`unknown_merchant`),
 * and the message says it in one line.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export class MerchantsFileError extends Data.TaggedError("MerchantsFileError")<{
  readonly file: string
  readonly problem: MerchantsFileProblem
  /** the system's error code (`ENOENT`), the file's size in bytes (`too_large`) or the JSON parser's message */
  readonly detail: string
  readonly issues: ReadonlyArray<Issue>
}> {
  override get message(): string {
    switch (this.problem) {
      case "unreadable":
        return `cannot read the merchants file ${this.file}: ${this.detail}`
      case "too_large":
        return `the merchants file ${this.file} has ${count(Number(this.detail))} bytes, more than the ${
          count(MERCHANTS_FILE_LIMITS.bytes)
        } (32 MiB) a merchants file may have`
      case "not_json":
        return `the merchants file ${this.file} is not valid JSON: ${this.detail}`
      case "refused":
        return `the merchants file ${this.file} was refused:`
      case "unknown_merchant":
        return `the merchants file ${this.file} has no merchant ${this.detail}`
    }
  }
}

/**
 * The JSON of a merchants file, or a `MerchantsFileError`: a file past the
 * size bound is refused unread; a UTF-8 byte-order mark (which some editors
 * write) is read as what it is, not as the start of the JSON.
 */
const readJsonFile = (file: string): unknown => {
  let text: string
  try {
    const { size } = statSync(file)
    if (size > MERCHANTS_FILE_LIMITS.bytes) {
      throw new MerchantsFileError({ file, problem: "too_large", detail: String(size), issues: [] })
    }
    text = readFileSync(file, "utf8")
  } catch (error) {
    if (error instanceof MerchantsFileError) throw error
    const detail = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new MerchantsFileError({ file, problem: "unreadable", detail, issues: [] })
  }
  try {
    return JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text) as unknown
  } catch (error) {
    throw new MerchantsFileError({ file, problem: "not_json", detail: (error as Error).message, issues: [] })
  }
}

const refused = (file: string, error: ValidationError) =>
  new MerchantsFileError({ file, problem: "refused", detail: error.message, issues: error.issues })

/**
 * Reads a merchants file (see {@link loadMerchants}). A file that cannot be
 * read, is not JSON or is refused throws a `MerchantsFileError`, its message
 * one line and its `issues` every refused field.
 *
 * @example
 * ```ts
 * import { readMerchantsFile } from "payment-plan-engine/sandbox"
 * const merchants = readMerchantsFile("sandbox-merchants.json")
 * merchants.map((m) => m.id) // ["merchant-123", "merchant-456"]
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export const readMerchantsFile = (file: string): ReadonlyArray<SandboxMerchant> => {
  const json = readJsonFile(file)
  try {
    return loadMerchants(json as MerchantsFile)
  } catch (error) {
    if (error instanceof ValidationError) throw refused(file, error)
    throw error
  }
}

/**
 * One merchant of a merchants file, as the core's calculations take it: its
 * zone and its merchant configuration (`configuration`, the
 * `MerchantConfigurationResponse` every calculation's `merchant` option
 * reads). The whole file is checked as {@link readMerchantsFile} checks it
 * (and no key is hashed); a file that cannot be used, or without the
 * merchant, throws a `MerchantsFileError`.
 *
 * @example
 * ```ts
 * import { calculateRefund } from "payment-plan-engine"
 * import { readMerchantProfile } from "payment-plan-engine/sandbox"
 * const merchant = readMerchantProfile("sandbox-merchants.json", "merchant-123")
 * merchant.timeZone // "Australia/Sydney"
 * // plan: a plan record; the calculation takes the merchant's default refund policies
 * calculateRefund(plan, { at: "2026-12-01T00:00:00Z", merchant: merchant.configuration })
 * ```
 * @category Sandbox
 * @since 0.2.0
 */
export const readMerchantProfile = (file: string, merchantId: string): MerchantProfile => {
  const checked = checkMerchants(readJsonFile(file))
  if (Result.isFailure(checked)) throw refused(file, checked.failure)
  const found = checked.success.find((c) => c.profile.id === merchantId)
  if (found === undefined) {
    const ids = checked.success.map((c) => c.profile.id)
    throw new MerchantsFileError({
      file,
      problem: "unknown_merchant",
      detail: JSON.stringify(merchantId),
      issues: [
        issue(
          "merchantId",
          "enum",
          "sandbox",
          `must be the id of a merchant of the file (${ids.join(", ") || "none"}), got ${describe(merchantId)}`
        )
      ]
    })
  }
  return found.profile
}
