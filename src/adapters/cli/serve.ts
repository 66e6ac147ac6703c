/**
 * `payment-plan serve`: the local sandbox of the service (the package's
 * `./sandbox` export) on an HTTP port, until interrupted.
 *
 * The sandbox is loaded through the package's own export, as any user loads
 * it, so this adapter depends on the sandbox's published surface only.
 */
import { type Command, InvalidArgumentError, Option } from "commander"
import { type Io, usage } from "./io.ts"
import { examples } from "./options.ts"

/** What `serve` needs of `payment-plan-engine/sandbox`. */
interface SandboxModule {
  readonly startSandbox: (options: {
    readonly merchants: string
    readonly database: string
    readonly port: number
    readonly host: string
  }) => Promise<{ readonly url: string; readonly close: () => Promise<void> }>
}

const SANDBOX = "payment-plan-engine/sandbox"

const parsePort = (value: string) => {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new InvalidArgumentError(`must be a port number 0..65535, got "${value}"`)
  }
  return port
}

export const registerServe = (program: Command, io: Io): void => {
  program
    .command("serve")
    .description("Run the local sandbox of the service (checkouts, hosted widget, plans, refunds) until interrupted.")
    .requiredOption("--merchants <file>", "merchants JSON: ids, API keys (or their hashes) and configurations")
    .addOption(new Option("--port <port>", "port to listen on (0: any free port)").argParser(parsePort).default(4010))
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--database <file>", "SQLite file for the sandbox's data (default: in memory, nothing kept)", ":memory:")
    .addHelpText(
      "after",
      examples([
        "payment-plan serve --merchants sandbox-merchants.json",
        "payment-plan serve --merchants sandbox-merchants.json --port 8080 --database .sandbox/data.sqlite"
      ])
    )
    .action(async (options: { merchants: string; port: number; host: string; database: string }) => {
      const { startSandbox } = (await import(SANDBOX)) as SandboxModule
      let running
      try {
        running = await startSandbox(options)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === "ENOENT" || code === "EACCES") throw usage(`cannot read ${options.merchants}: ${code}`)
        if (code === "EADDRINUSE") throw usage(`${options.host}:${options.port} is already in use`)
        throw error
      }
      io.stdout.write(`payment-plan sandbox listening on ${running.url} (data: ${options.database})\n`)
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop)
          process.off("SIGTERM", stop)
          resolve()
        }
        process.on("SIGINT", stop)
        process.on("SIGTERM", stop)
      })
      await running.close()
    })
}
