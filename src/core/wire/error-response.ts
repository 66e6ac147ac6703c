/**
 * The error response. The service description does not show its shape; this
 * library answers {@link ErrorBody} (the sandbox) and reads any service's
 * tolerantly ({@link ErrorBodyResponse}, R9): this shape where it is, and
 * whatever else the service sends kept as it is.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { IssueBody } from "../foundation/issues.ts"
import { tolerant } from "../internal/schema-kit.ts"

/**
 * An error body: a stable `code`, a sentence, and the issues of a refused
 * request (R4.1), with the warnings seen on the way.
 *
 * @category Wire
 * @since 0.1.0
 */
export const ErrorBody = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  issues: Schema.optionalKey(Schema.Array(IssueBody)),
  warnings: Schema.optionalKey(Schema.Array(IssueBody))
})

/**
 * @category Wire
 * @since 0.1.0
 */
export type ErrorBody = typeof ErrorBody.Type

/**
 * An error body read tolerantly (R9).
 *
 * @category Wire
 * @since 0.1.0
 */
export const ErrorBodyResponse = tolerant(ErrorBody)

/**
 * @category Wire
 * @since 0.1.0
 */
export type ErrorBodyResponse = typeof ErrorBodyResponse.Type
