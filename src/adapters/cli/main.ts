#!/usr/bin/env node
/**
 * The `payment-plan` binary (package.json "bin"): runs the command tree on the
 * process's arguments and streams.
 *
 * @module
 */
import { run } from "./program.ts"

const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }
// a closed pipe (`payment-plan … | head`) is not an error of ours
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0)
  throw error
})
const code = await run(process.argv.slice(2), io)
process.exitCode = code
