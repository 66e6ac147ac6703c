import { describe, expect, it } from "vitest"
import { readSandboxSettings } from "../../../src/adapters/sandbox/index.ts"

// one reader of the sandbox's settings for `npm start` and `payment-plan serve`
describe("readSandboxSettings", () => {
  it("reads PORT, HOST, SANDBOX_DB and SANDBOX_MERCHANTS", () => {
    const read = readSandboxSettings({
      environment: { PORT: "4404", HOST: "0.0.0.0", SANDBOX_DB: "data.sqlite", SANDBOX_MERCHANTS: "m.json" }
    })
    expect(read).toEqual({
      ok: true,
      value: { port: 4404, host: "0.0.0.0", database: "data.sqlite", merchants: "m.json", webhookAllow: ["loopback"] },
      warnings: []
    })
  })

  it("a flag wins over its variable; an empty value is not set", () => {
    const read = readSandboxSettings({
      flags: { port: "8080", host: "", database: ":memory:", merchants: undefined },
      environment: { PORT: "4404", HOST: "::1", SANDBOX_DB: "data.sqlite", SANDBOX_MERCHANTS: "m.json" }
    })
    expect(read.ok && read.value).toEqual({
      port: 8080,
      host: "::1",
      database: ":memory:",
      merchants: "m.json",
      webhookAllow: ["loopback"]
    })
  })

  it("defaults: port 4010, host 127.0.0.1, in memory; the caller's defaults below the environment", () => {
    expect(readSandboxSettings({ flags: { merchants: "m.json" }, environment: {} })).toMatchObject({
      ok: true,
      value: { port: 4010, host: "127.0.0.1", database: ":memory:", merchants: "m.json" }
    })
    const npmStart = { database: ".sandbox/sandbox.sqlite", merchants: "examples/sandbox-merchants.json" }
    expect(readSandboxSettings({ environment: {}, defaults: npmStart })).toMatchObject({ ok: true, value: npmStart })
    expect(readSandboxSettings({ environment: { SANDBOX_DB: ":memory:" }, defaults: npmStart })).toMatchObject({
      ok: true,
      value: { database: ":memory:" }
    })
  })

  it("refuses a port that is not 0..65535 and a missing merchants file, naming the flag or variable", () => {
    const read = readSandboxSettings({ flags: { port: "70000" }, environment: { PORT: "1" } })
    expect(read.ok).toBe(false)
    expect(!read.ok && read.issues.map((i) => [i.path, i.code])).toEqual([["--port", "range"], [
      "--merchants",
      "required"
    ]])
    for (const port of ["http", "-1", "80.5", " 80", "1e3"]) {
      const bad = readSandboxSettings({ environment: { PORT: port, SANDBOX_MERCHANTS: "m.json" } })
      expect(!bad.ok && bad.issues.map((i) => [i.path, i.code]), port).toEqual([["PORT", "range"]])
    }
    expect(readSandboxSettings({ environment: { PORT: "0", SANDBOX_MERCHANTS: "m.json" } })).toMatchObject({
      ok: true,
      value: { port: 0 }
    })
  })
})
