/**
 * First logins under a flood, and how long a big merchants file takes to
 * start (docs/sandbox.md, "Merchants" and "Bounds").
 *
 * - The flood: 200 connections (autocannon, in a process of its own) ask the
 *   sandbox for the merchant configuration, each request with a fresh wrong
 *   key for one of the merchants' own ids, so every one costs a scrypt. While
 *   it goes on, 10 first logins with the right key of a merchant not yet
 *   checked, each on a new connection, must each be answered 200 within 1 s
 *   from another client (source address 127.0.0.2); the same from the
 *   flood's own address (127.0.0.1) is reported beside it, a client the
 *   sandbox tells apart from the flood by its connection only.
 * - Start time: a sandbox process from its spawn to listening, on a file of
 *   10,000 merchants with hashed keys, beside a file of one merchant (what
 *   Node and the sandbox cost to start anyway); and on a file of plain keys,
 *   which are hashed before listening, per key.
 */
import { type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import os, { tmpdir } from "node:os"
import { join } from "node:path"
import { hashApiKey } from "../src/adapters/sandbox/index.ts"
import type { Note, Suite } from "./harness.ts"
import { startServerProcess, stopServerProcess } from "./sandbox-server.ts"

const FLOOD_CONNECTIONS = 200
const TRIES = 10
const WITHIN_MS = 1000
const WARM_UP_MS = 3000
const BETWEEN_MS = 500
const MERCHANTS = 10_000
const PLAIN_KEYS = 200

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const merchant = (id: string, key: { apiKey: string } | { apiKeyHash: string }) => ({
  id,
  ...key,
  currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }]
})

/** One first login on a new connection from `localAddress`: its status and milliseconds. */
const login = (url: string, id: string, key: string, localAddress: string) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now()
    const req = request(`${url}/api/v2/merchant/configuration`, {
      agent: false,
      localAddress,
      headers: { authorization: `Basic ${Buffer.from(`${id}:${key}`).toString("base64")}` }
    })
    req.on("response", (res) => {
      res.resume()
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
    })
    req.on("error", reject)
    req.end()
  })

/** What the flood was answered, printed by its process when stopped. */
const stopFlood = async (
  child: ChildProcess
): Promise<{ statuses: Record<string, { count: number }>; seconds: number }> => {
  let out = ""
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()))
  await stopServerProcess(child)
  return JSON.parse(out.trim().split("\n").at(-1)!) as { statuses: Record<string, { count: number }>; seconds: number }
}

const floodNotes = async (dir: string): Promise<Array<Note>> => {
  const from = { other: "127.0.0.2", flood: "127.0.0.1" } as const
  const keys = Array.from({ length: TRIES * 2 }, (_, i) => `sk_login_${i}_0123456789`)
  const file = join(dir, "logins.json")
  writeFileSync(
    file,
    JSON.stringify({ merchants: keys.map((apiKey, i) => merchant(`merchant-login-${i}`, { apiKey })) })
  )
  const sandbox = await startServerProcess("sandbox", ":memory:", file)
  const loadBefore = os.loadavg()[0]!
  const ids = keys.map((_, i) => `merchant-login-${i}`)
  const flood = await startServerProcess("flood", sandbox.url, String(FLOOD_CONNECTIONS), ...ids)
  const tries: Record<keyof typeof from, Array<{ status: number; ms: number }>> = { other: [], flood: [] }
  let answered: Awaited<ReturnType<typeof stopFlood>>
  try {
    await wait(WARM_UP_MS)
    for (let i = 0; i < TRIES * 2; i++) {
      const which = i % 2 === 0 ? "other" : "flood"
      tries[which].push(await login(sandbox.url, ids[i]!, keys[i]!, from[which]))
      await wait(BETWEEN_MS)
    }
  } finally {
    answered = await stopFlood(flood.child)
    await stopServerProcess(sandbox.child)
  }
  const count = (status: string) => answered.statuses[status]?.count ?? 0
  const describe = (which: keyof typeof from) => {
    const within = tries[which].filter((t) => t.status === 200 && t.ms <= WITHIN_MS).length
    const ms = tries[which].map((t) => `${t.status} in ${Math.round(t.ms)} ms`).join(", ")
    return { within, text: `${within} of ${TRIES} answered 200 within ${WITHIN_MS} ms (${ms})` }
  }
  const other = describe("other")
  const own = describe("flood")
  return [
    {
      text: `flood of fresh wrong keys, ${FLOOD_CONNECTIONS} connections for ${answered.seconds} s: ` +
        `${count("401").toLocaleString("en")} × 401 (each a scrypt), ${count("429").toLocaleString("en")} × 429 ` +
        `(load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after)`
    },
    {
      text:
        `first logins under the flood from another client (${from.other}): ${other.text}; budget ${TRIES} of ${TRIES}`,
      pass: other.within === TRIES
    },
    // beyond the budget: the flooding client's own address, told apart from the flood by its connection only
    {
      text: `first logins under the flood on a new connection from the flood's own address (${from.flood}): ${own.text}`
    }
  ]
}

/** Milliseconds from spawning a sandbox process on `file` to its listening. */
const startTime = async (file: string): Promise<number> => {
  const started = performance.now()
  const { child } = await startServerProcess("sandbox", ":memory:", file)
  const ms = performance.now() - started
  await stopServerProcess(child)
  return ms
}

const startNotes = async (dir: string): Promise<Array<Note>> => {
  // one hash for every merchant: the file is read and checked as any, without hashing 10,000 keys here
  const apiKeyHash = hashApiKey("sk_start_0123456789")
  const write = (name: string, merchants: ReadonlyArray<unknown>) => {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify({ merchants }))
    return path
  }
  const one = write("one.json", [merchant("merchant-start-0", { apiKeyHash })])
  const many = write(
    "many.json",
    Array.from({ length: MERCHANTS }, (_, i) => merchant(`merchant-start-${i}`, { apiKeyHash }))
  )
  const plain = write(
    "plain.json",
    Array.from(
      { length: PLAIN_KEYS },
      (_, i) => merchant(`merchant-plain-${i}`, { apiKey: `sk_plain_${i}_0123456789` })
    )
  )
  await startTime(one) // Node's caches warmed alike for the timed starts
  const base = await startTime(one)
  const hashed = await startTime(many)
  const plainMs = await startTime(plain)
  return [{
    text: `start, spawn to listening: 1 merchant ${Math.round(base)} ms; ${MERCHANTS.toLocaleString("en")} merchants ` +
      `with hashed keys ${Math.round(hashed)} ms (${Math.round(hashed - base)} ms more); ${PLAIN_KEYS} plain keys ` +
      `${Math.round(plainMs)} ms (${((plainMs - base) / PLAIN_KEYS).toFixed(1)} ms a key, hashed on the thread pool)`
  }]
}

export const suite: Suite = {
  title: "Sandbox: first logins under a flood, and big merchants files",
  budgetsOf: "the sandbox's key checks",
  cases: [],
  notes: async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-logins-"))
    try {
      return [...(await floodNotes(dir)), ...(await startNotes(dir))]
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
