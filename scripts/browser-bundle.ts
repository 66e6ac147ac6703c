/**
 * The one esbuild setting of the browser code this project ships (the widget's page and script, the
 * `<payment-plan-message>` element): a minified classic script for the browsers of 2022, ASCII only so
 * its text, and so its CSP hash, is the same whatever the page's encoding.
 *
 * @module
 */
import { build } from "esbuild"

/** `entry` bundled with the browser code's own tsconfig, as one minified script. */
export const bundleForBrowser = async (entry: string, tsconfig: string): Promise<string> => {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    charset: "ascii",
    tsconfig,
    logLevel: "silent"
  })
  return result.outputFiles[0]!.text.trimEnd()
}
