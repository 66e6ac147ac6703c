/**
 * Budget of the long functions' split: the hot paths whose functions were split by
 * concern (a refund calculation and its totals, plan terms, the lifecycle, search, plan creation) cost
 * at most 1.05× of the code before the split. That code (`BEFORE`) is extracted with `git archive`;
 * benchmarks/split-paths.ts measures one tree per process (a fresh V8 for each, so what it learnt
 * from one tree's code does not steer the other's), in CPU time, which waiting for a core on a
 * shared machine does not inflate. Processes alternate between the trees; each path's figure is the
 * median over the processes of a tree, and the ratio is this branch's over the code before.
 */
import { fileURLToPath } from "node:url"
import type { Suite } from "./harness.ts"
import { compareTrees } from "./trees.ts"

/**
 * The last commit of main before the split. `BENCH_BEFORE=HEAD npm run bench functions` on a clean
 * tree compares the code with itself: what the ratios of identical code are, on this machine today.
 */
const BEFORE = process.env["BENCH_BEFORE"] ?? "ffc1d6b"

const compare = () =>
  compareTrees({
    before: BEFORE,
    worker: fileURLToPath(new URL("split-paths.ts", import.meta.url)),
    processes: 5,
    budget: 1.05,
    digits: 2
  })

export const suite: Suite = {
  title: "Split functions: the hot paths against the code before the split",
  budgetsOf: "the long functions' split",
  cases: [],
  notes: compare
}
