/**
 * The client's contract suite (shipped as `payment-plan-engine/client/testing`,
 * src/adapters/client/testing.ts) registered with vitest: what the fake server
 * (contract.test.ts) and the sandbox (test/adapters/sandbox/client-contract.test.ts)
 * run.
 */
import { describe, it } from "vitest"
import {
  clientContract as contract,
  type ContractEnvironment,
  type ContractOptions
} from "../../../src/adapters/client/testing.ts"

export type { ContractEnvironment }

export const clientContract = (
  name: string,
  makeEnvironment: () => ContractEnvironment | Promise<ContractEnvironment>,
  options: Omit<ContractOptions, "describe" | "it"> = {}
) => contract(name, makeEnvironment, { describe, it, ...options })
