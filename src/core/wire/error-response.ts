/**
 * The error response. The service description does not show its shape, so it
 * is read tolerantly: this library's own shape (`code`, `message`, `issues`, as
 * the sandbox answers) and anything else the service sends.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { loose, OpenStruct } from "../internal/schema-kit.ts"

/**
 * One issue of an error response.
 *
 * @since 0.1.0
 */
export const ErrorIssue = OpenStruct({
  path: loose(Schema.String),
  code: loose(Schema.String),
  rule: loose(Schema.String),
  message: loose(Schema.String)
})

/**
 * @since 0.1.0
 */
export const ErrorResponse = OpenStruct({
  code: loose(Schema.String),
  message: loose(Schema.String),
  issues: loose(Schema.Array(ErrorIssue))
})

/**
 * @since 0.1.0
 */
export type ErrorResponse = typeof ErrorResponse.Type
