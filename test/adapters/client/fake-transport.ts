/**
 * The fault-injecting fetch of the tests: the shipped `scriptedFetch`
 * (`payment-plan-engine/client/testing`) on a clock the test gives (default 0).
 */
import { type RecordedRequest, scriptedFetch, type Step } from "../../../src/adapters/client/testing.ts"

export type { Step }
export type Recorded = RecordedRequest

export const fakeTransport = (
  steps: ReadonlyArray<Step> | ((request: Recorded, index: number) => Step),
  now: () => number = () => 0
) => scriptedFetch(steps, now)
