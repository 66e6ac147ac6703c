/**
 * The page bundle's entry (scripts/build-widget.ts): starts the page where its
 * configuration exists.
 *
 * @module
 */
import { readConfig, start } from "./view.ts"

const config = readConfig(document)
if (config !== undefined) void start(window, config)
