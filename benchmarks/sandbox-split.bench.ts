/**
 * Budget of the adapters' split: the sandbox's in-process hot paths (retrieve checkout,
 * plan terms, the widget's checkout, a create → complete → cancel flow, with webhooks off and on)
 * cost at most 1.05× of the code before the sandbox's layers and long functions were reorganised.
 * That code (`BEFORE`) is extracted with `git archive`; benchmarks/sandbox-paths.ts measures one tree
 * per process (a fresh V8 for each), in CPU time, which waiting for a core on a shared machine does
 * not inflate. Processes alternate between the trees; each path's figure is the median over the
 * processes of a tree, and the ratio is this branch's over the code before.
 */
import { fileURLToPath } from "node:url"
import type { Suite } from "./harness.ts"
import { compareTrees } from "./trees.ts"

/** The last commit of main before the split. */
const BEFORE = "ef30647"

const compare = () =>
  compareTrees({
    before: BEFORE,
    beforeTree: process.env["SPLIT_BEFORE_TREE"],
    worker: fileURLToPath(new URL("sandbox-paths.ts", import.meta.url)),
    processes: Number(process.env["SPLIT_PROCESSES"] ?? 5),
    budget: 1.05,
    digits: 1
  })

export const suite: Suite = {
  title: "The sandbox's hot paths against the code before its layers and long functions were reorganised",
  budgetsOf: "the adapters' split",
  cases: [],
  notes: compare
}
