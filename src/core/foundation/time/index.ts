/**
 * Time (R3): calendar dates as integer epoch days, instants passed in as
 * arguments, and IANA time zones. Nothing here reads the clock.
 *
 * @module
 */
export {
  civil,
  daysBetween,
  daysInMonth,
  type EpochDay,
  epochDay,
  FIRST_DAY,
  formatDate,
  LAST_DAY,
  MS_PER_DAY,
  parseDate,
  utcDay,
  weekday
} from "./calendar.ts"
export {
  type DateOrInstant,
  dateValue,
  END_INSTANT,
  FIRST_INSTANT,
  formatInstant,
  type InstantInput,
  parseDateOrInstant,
  parseDateTime,
  toEpochMillis
} from "./instant.ts"
export { CalendarDateText, DateOrDateTimeText, DateTimeText, TimeZoneName } from "./schema.ts"
export { isTimeZone, localDay, startOfDay } from "./zone.ts"
