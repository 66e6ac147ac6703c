import { clientContract } from "./contract.ts"
import { fakeServer } from "./fake-server.ts"

// the fake server replays a repeated idempotency key, as the sandbox does
clientContract("in-memory fake server", () => fakeServer(), { idempotencyKeys: "honoured" })
