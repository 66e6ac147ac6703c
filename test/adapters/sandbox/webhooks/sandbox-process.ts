/**
 * A sandbox in its own process, for the crash test: the merchants file and the
 * SQLite file from the environment; prints its URL once listening.
 */
import { startSandbox } from "../../../../src/adapters/sandbox/index.ts"

const running = await startSandbox({
  merchants: process.env["SANDBOX_MERCHANTS"]!,
  database: process.env["SANDBOX_DB"]!,
  port: 0,
  webhooks: { policy: { retryDelayMs: () => 50, timeoutMs: 60_000 } }
})
process.stdout.write(`${running.url}\n`)
