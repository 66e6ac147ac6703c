import { describe, expect, it } from "vitest"
import { readSandboxSettings } from "../../../src/adapters/sandbox/index.ts"

// one reader of the sandbox's settings for `npm start` and `payment-plan serve`
describe("readSandboxSettings", () => {
  it("reads PORT, HOST, SANDBOX_DB and SANDBOX_MERCHANTS", () => {
    const read = readSandboxSettings({
      environment: { PORT: "4404", HOST: "0.0.0.0", SANDBOX_DB: "data.sqlite", SANDBOX_MERCHANTS: "m.json" },
      terminal: true
    })
    expect(read).toEqual({
      ok: true,
      value: {
        port: 4404,
        host: "0.0.0.0",
        database: "data.sqlite",
        merchants: "m.json",
        webhookAllow: ["loopback"],
        allowedHosts: [],
        log: "pretty"
      },
      warnings: []
    })
  })

  it("a flag wins over its variable; an empty value is not set", () => {
    const read = readSandboxSettings({
      flags: { port: "8080", host: "", database: ":memory:", merchants: undefined },
      environment: { PORT: "4404", HOST: "::1", SANDBOX_DB: "data.sqlite", SANDBOX_MERCHANTS: "m.json" },
      terminal: false
    })
    expect(read.ok && read.value).toEqual({
      port: 8080,
      host: "::1",
      database: ":memory:",
      merchants: "m.json",
      webhookAllow: ["loopback"],
      allowedHosts: [],
      log: "json"
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

  it("refuses a port that is not 0..65535, naming the flag or variable", () => {
    const read = readSandboxSettings({ flags: { port: "70000" }, environment: { PORT: "1" } })
    expect(read.ok).toBe(false)
    expect(!read.ok && read.issues.map((i) => [i.path, i.code])).toEqual([["--port", "range"]])
    for (const port of ["http", "-1", "80.5", " 80", "1e3"]) {
      const bad = readSandboxSettings({ environment: { PORT: port, SANDBOX_MERCHANTS: "m.json" } })
      expect(!bad.ok && bad.issues.map((i) => [i.path, i.code]), port).toEqual([["PORT", "range"]])
    }
    expect(readSandboxSettings({ environment: { PORT: "0", SANDBOX_MERCHANTS: "m.json" } })).toMatchObject({
      ok: true,
      value: { port: 0 }
    })
  })

  it("without a merchants file the setting is left unset: the one starting the sandbox chooses (serve: the demo merchants)", () => {
    const read = readSandboxSettings({ environment: {} })
    expect(read.ok).toBe(true)
    expect(read.ok && read.value.merchants).toBeUndefined()
    expect(read.ok && "merchants" in read.value).toBe(false)
  })

  it("reads the accepted hosts, the public URL and the log from --allowed-host, --public-url, --log or their variables", () => {
    const read = readSandboxSettings({
      flags: { allowedHosts: "staging.internal, ci.test:8080", log: "off" },
      environment: {
        SANDBOX_ALLOWED_HOSTS: "ignored.test",
        SANDBOX_PUBLIC_URL: "https://staging.example/pp",
        SANDBOX_LOG: "pretty"
      }
    })
    expect(read.ok && read.value).toMatchObject({
      allowedHosts: ["staging.internal", "ci.test:8080"],
      publicUrl: "https://staging.example/pp",
      log: "off"
    })
    const bad = readSandboxSettings({
      flags: { allowedHosts: "http://x.test/", publicUrl: "staging.example", log: "loud" },
      environment: {}
    })
    expect(!bad.ok && bad.issues.map((i) => [i.path, i.code])).toEqual([
      ["--allowed-host[0]", "format"],
      ["--public-url", "format"],
      ["--log", "enum"]
    ])
    expect(!bad.ok && bad.issues[2]!.message).toBe("must be pretty, json or off, got \"loud\"")
  })

  it("the log is pretty on a terminal and JSON lines otherwise (a file, a pipe, CI), unless told", () => {
    expect(readSandboxSettings({ environment: {}, terminal: true })).toMatchObject({ value: { log: "pretty" } })
    expect(readSandboxSettings({ environment: {}, terminal: false })).toMatchObject({ value: { log: "json" } })
    expect(readSandboxSettings({ environment: { SANDBOX_LOG: "off" }, terminal: true })).toMatchObject({
      value: { log: "off" }
    })
  })
})
