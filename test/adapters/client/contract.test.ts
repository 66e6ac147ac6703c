import { clientContract } from "./contract.ts"
import { fakeServer } from "./fake-server.ts"

clientContract("in-memory fake server", () => fakeServer())
