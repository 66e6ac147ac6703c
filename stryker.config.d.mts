// The types of stryker.config.mjs, for test/mutation-config.test.ts.
import type { PartialStrykerOptions } from "@stryker-mutator/api/core"

export declare const RULE_FOLDERS: ReadonlyArray<string>
export declare const RULE_MODULES: ReadonlyArray<string>
declare const config: PartialStrykerOptions
export default config
