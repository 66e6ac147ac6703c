/**
 * Time fields of resources as Schemas: what a date, a date-time and a zone
 * name must look like (R2.5, R3.1). Declared once; every resource's date
 * fields use them, and readers that treat dates as dates (search) recognise
 * them by their annotation.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { rule, TEXT_KIND } from "../../internal/schema-kit.ts"
import { parseDate } from "./calendar.ts"
import { isDateOrDateTime, parseDateTime } from "./instant.ts"
import { isTimeZone } from "./zone.ts"

// The grammars of the parsers below, without their calendars (a 30 February, an hour 24): looser
// than the checks, so a JSON Schema validator never refuses what they accept.
const DATE = "\\d{4}-\\d{2}-\\d{2}"
const TIME = "[Tt]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:[Zz]|[+-]\\d{2}:\\d{2})"

/**
 * A calendar date `YYYY-MM-DD` or an RFC 3339 date-time with its offset (R2.5).
 *
 * @category Time
 * @since 0.1.0
 */
export const DateOrDateTimeText = Schema.String.annotate({ [TEXT_KIND]: "date" } as never).check(
  rule<string>(
    "format",
    "R2.5",
    "must be a date YYYY-MM-DD or a date-time with an offset",
    isDateOrDateTime,
    { approximately: { pattern: `^${DATE}(?:${TIME})?$` } }
  )
)

/**
 * An RFC 3339 date-time with its offset (R3.1).
 *
 * @category Time
 * @since 0.1.0
 */
export const DateTimeText = Schema.String.annotate({ [TEXT_KIND]: "date" } as never).check(
  rule<string>(
    "format",
    "R3.1",
    "must be a date-time with an offset (RFC 3339)",
    (s) => parseDateTime(s) !== undefined,
    {
      approximately: { pattern: `^${DATE}${TIME}$` }
    }
  )
)

/**
 * A calendar date `YYYY-MM-DD` that exists.
 *
 * @category Time
 * @since 0.1.0
 */
export const CalendarDateText = Schema.String.annotate({ [TEXT_KIND]: "date" } as never).check(
  rule<string>("format", "R3.2", "must be a date YYYY-MM-DD", (s) => parseDate(s) !== undefined, {
    approximately: { pattern: `^${DATE}$` }
  })
)

/**
 * An IANA time zone name this runtime knows (R3.1).
 *
 * @category Time
 * @since 0.1.0
 */
export const TimeZoneName = Schema.String.check(
  rule<string>("time_zone", "R3.1", "must be an IANA time zone name", isTimeZone)
)
