/**
 * The package as a user gets it, checked first in `npm run check:package`:
 *
 * 1. dist/ is removed and `npm pack` run, so the tarball's dist/ is what the
 *    `prepack` script builds (a fresh clone has no dist/; without `prepack`,
 *    `npm pack` there shipped 7 files and no code);
 * 2. the tarball's size is held to its budget (packed, unpacked, its largest
 *    file) and ships no source map (docs/decisions/0001-foundation-package-and-tools.md);
 * 3. it is installed in a scratch project outside the repository, offline: the
 *    tarball, and its peer `effect` from the repository's node_modules, so
 *    nothing of the repository resolves but what is installed; there the
 *    package root is imported and used, and the installed `payment-plan` binary
 *    answers `--version`, `--help` and a calculation.
 *
 * The tarball stays as .pack/payment-plan-engine.tgz, which publint and attw
 * check next. Runs on the pinned Node (npm run puts it first on PATH).
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/** The tarball's budget, in bytes (kB = 1,000 bytes, as npm reports sizes). */
const BUDGET = {
  /** what a user downloads */
  packed: 720_000,
  /** what it takes on disk */
  unpacked: 3_000_000,
  /** the largest single file */
  file: 800_000
} as const

const root = fileURLToPath(new URL("..", import.meta.url))
const out = join(root, ".pack")
const tarball = join(out, "payment-plan-engine.tgz")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string }

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/** Runs a command; its output is shown only when it fails. */
const run = (command: string, args: ReadonlyArray<string>, cwd: string, env?: NodeJS.ProcessEnv): string => {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    process.stderr.write(`${stdout ?? ""}${stderr ?? ""}`)
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`, { cause: error })
  }
}

const fail = (message: string): never => {
  process.stderr.write(`pack-check: ${message}\n`)
  process.exit(1)
}

// 1. pack from a tree without dist/: what ships is what `prepack` builds
rmSync(join(root, "dist"), { recursive: true, force: true })
rmSync(out, { recursive: true, force: true })
mkdirSync(out)
run("npm", ["pack", "--pack-destination", out], root)
const packed = readdirSync(out).filter((f) => f.endsWith(".tgz"))
if (packed.length !== 1) fail(`npm pack wrote ${packed.length} tarballs: ${packed.join(", ")}`)
renameSync(join(out, packed[0]!), tarball)

// 2. what it holds, and its size
interface Listing {
  readonly size: number
  readonly unpackedSize: number
  readonly files: ReadonlyArray<{ readonly path: string; readonly size: number }>
}
const [listing] = JSON.parse(run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], root)) as Array<Listing>
const paths = new Set(listing!.files.map((f) => f.path))
for (const built of ["dist/index.js", "dist/cli.js", "dist/types/index.d.ts", "dist/sandbox.js"]) {
  if (!paths.has(built)) fail(`the tarball lacks ${built}: prepack did not build it`)
}
const maps = listing!.files.filter((f) => f.path.endsWith(".map"))
if (maps.length > 0) fail(`the tarball ships ${maps.length} source map(s), such as ${maps[0]!.path}`)
const largest = [...listing!.files].sort((a, b) => b.size - a.size)[0]!
const over = [
  ...(listing!.size > BUDGET.packed ? [`packed ${kB(listing!.size)} > ${kB(BUDGET.packed)}`] : []),
  ...(listing!.unpackedSize > BUDGET.unpacked
    ? [`unpacked ${kB(listing!.unpackedSize)} > ${kB(BUDGET.unpacked)}`]
    : []),
  ...(largest.size > BUDGET.file ? [`${largest.path} ${kB(largest.size)} > ${kB(BUDGET.file)}`] : [])
]
if (over.length > 0) fail(`the tarball is over its budget: ${over.join("; ")}`)
console.log(
  `tarball: ${kB(listing!.size)} packed (budget ${kB(BUDGET.packed)}), ${kB(listing!.unpackedSize)} unpacked ` +
    `(budget ${kB(BUDGET.unpacked)}), ${listing!.files.length} files, the largest ${largest.path} ${
      kB(largest.size)
    } ` +
    `(budget ${kB(BUDGET.file)}), no source map`
)

// 3. installed in a scratch project, offline, and run
const scratch = mkdtempSync(join(tmpdir(), "payment-plan-engine-pack-"))
try {
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }))
  run("npm", [
    "install",
    "--offline",
    "--no-audit",
    "--no-fund",
    "--ignore-scripts",
    tarball,
    // the peer, as the repository has it (linked): only what is installed resolves
    join(root, "node_modules", "effect")
  ], scratch)
  const node = process.execPath
  const env = { ...process.env, PATH: [dirname(node), process.env["PATH"] ?? ""].join(delimiter) }
  writeFileSync(
    join(scratch, "use.mjs"),
    `import { splitInstallments, summarizeCheckout, calculateRefund } from "${pkg.name}"
import { readFileSync } from "node:fs"
const checkout = JSON.parse(readFileSync(new URL("./node_modules/${pkg.name}/examples/checkout-request.json", import.meta.url), "utf8"))
const summary = summarizeCheckout(checkout, { now: "2026-11-22T00:00:00Z" })
const split = splitInstallments(1234.57, 7, "AUD")
const refund = calculateRefund(
  { currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ quantity: 2, costPerItem: 250, redemptionDate: "2027-01-30",
    refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }] }] },
  { at: "2026-12-10T00:00:00Z" }
)
console.log(JSON.stringify({ totalCost: summary.totalCost, split, refund: refund.suggestedRefundAmount }))
`
  )
  const used = JSON.parse(run(node, ["use.mjs"], scratch, env)) as unknown
  const expected = { totalCost: 1100, split: { amount: 176.36, remainder: 0.05 }, refund: 275 }
  if (JSON.stringify(used) !== JSON.stringify(expected)) {
    fail(`the installed package answered ${JSON.stringify(used)}, not ${JSON.stringify(expected)}`)
  }
  const bin = join(scratch, "node_modules", ".bin", "payment-plan")
  const version = run(bin, ["--version"], scratch, env).trim()
  if (version !== pkg.version) fail(`payment-plan --version answered "${version}", not "${pkg.version}"`)
  if (!run(bin, ["--help"], scratch, env).startsWith("Usage: payment-plan")) {
    fail("payment-plan --help printed no usage")
  }
  const terms = JSON.parse(
    run(
      bin,
      [
        "plan-terms",
        join(scratch, "node_modules", pkg.name, "examples", "checkout-request.json"),
        "--now",
        "2026-11-22T09:30:00Z"
      ],
      scratch,
      env
    )
  ) as { totalCost?: unknown }
  if (terms.totalCost !== 1100) fail(`payment-plan plan-terms answered ${JSON.stringify(terms)}`)
  console.log(
    `installed in a scratch project from the tarball: the root, payment-plan --version, --help and plan-terms work`
  )
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
