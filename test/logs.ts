/** Runs an Effect with a logger that keeps what it logs, for the tests of the namespaces' warnings (R10.2). */
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Logger from "effect/Logger"
import * as References from "effect/References"

/** One line an Effect logged: its level, its message and the annotations it carried. */
export interface Logged {
  readonly level: string
  readonly message: unknown
  readonly annotations: Readonly<Record<string, unknown>>
}

/** Runs `effect` synchronously with a logger that keeps each line (the default logger replaced). */
export const withLogs = <A, E>(
  effect: Effect.Effect<A, E>
): { readonly exit: Exit.Exit<A, E>; readonly logged: ReadonlyArray<Logged> } => {
  const logged: Array<Logged> = []
  const logger = Logger.make((options) => {
    logged.push({
      level: options.logLevel,
      // Effect's logger gets the arguments of the log call: ours is one message
      message: Array.isArray(options.message) && options.message.length === 1 ? options.message[0] : options.message,
      annotations: options.fiber.getRef(References.CurrentLogAnnotations)
    })
  })
  const exit = Effect.runSyncExit(effect.pipe(Effect.provideService(Logger.CurrentLoggers, new Set([logger]))))
  return { exit, logged }
}
