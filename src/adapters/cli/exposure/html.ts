/**
 * The timeline as a self-contained HTML page: inline CSS and one inline SVG
 * chart per currency of the total non-refundable amount day by day. No script,
 * no external resource, so the file can be mailed or archived as it is.
 *
 * @module
 */
import { escapeHtml as escape } from "../../../core/foundation/html.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import type { ExposureReport, TimelineReport } from "./report.ts"

const WIDTH = 760
const HEIGHT = 260
const PAD = { left: 90, right: 20, top: 20, bottom: 40 }

/** The calendar date `days` after `date` (the core's epoch days: no Date, no zone). */
const addDays = (date: string, days: number) => Time.formatDate((Time.parseDate(date) as Time.EpochDay) + days)

/** A pixel position, to a tenth. */
const px = (n: number): string => n.toFixed(1) // not money: pixels

/** One chart. Amounts become pixel positions only here (display), never sums. */
const chart = (currency: string, values: ReadonlyArray<string>, timeline: TimelineReport): string => {
  const numbers = values.map(Number)
  const max = Math.max(...numbers, 0)
  const min = Math.min(...numbers, 0)
  const span = max - min || 1
  const w = WIDTH - PAD.left - PAD.right
  const h = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (values.length === 1 ? w / 2 : (i * w) / (values.length - 1))
  const y = (v: number) => PAD.top + h - ((v - min) * h) / span
  const points = numbers.map((v, i) => `${px(x(i))},${px(y(v))}`).join(" ")
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const v = min + f * span
    return `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${px(y(v))}" y2="${px(y(v))}" class="grid"/>` +
      `<text x="${PAD.left - 6}" y="${px(y(v) + 4)}" text-anchor="end">${
        escape(v.toLocaleString("en", { maximumFractionDigits: 0 })) // not money: a tick of the chart's scale, not an amount
      }</text>`
  })
  const labels = [0, Math.floor((values.length - 1) / 2), values.length - 1]
    .filter((i, k, all) => all.indexOf(i) === k)
    // the first and last labels lean inwards so they stay inside the chart
    .map((i) => {
      const anchor = values.length > 1 && i === 0
        ? "start"
        : values.length > 1 && i === values.length - 1
        ? "end"
        : "middle"
      return `<text x="${px(x(i))}" y="${HEIGHT - PAD.bottom + 18}" text-anchor="${anchor}">${
        addDays(timeline.from, i)
      }</text>`
    })
  const last = values[values.length - 1] ?? "0"
  return `<section>
<h2>${escape(currency)}</h2>
<p>Total non-refundable from ${escape(timeline.from)} (${escape(values[0] ?? "0")}) to ${escape(timeline.to)} (${
    escape(last)
  }).</p>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="Total non-refundable amount in ${
    escape(currency)
  } per day">
<title>Total non-refundable amount in ${escape(currency)}, ${escape(timeline.from)} to ${escape(timeline.to)}</title>
${ticks.join("\n")}
${labels.join("\n")}
<polyline points="${points}" class="line"/>
</svg>
<details><summary>Values per day</summary>
<table><thead><tr><th>date</th><th>non-refundable (${escape(currency)})</th></tr></thead><tbody>
${values.map((v, i) => `<tr><td>${addDays(timeline.from, i)}</td><td>${escape(v)}</td></tr>`).join("\n")}
</tbody></table></details>
</section>`
}

export const renderHtml = (report: ExposureReport): string => {
  const timeline = report.timeline!
  const sections = Object.entries(timeline.nonRefundable).map(([currency, values]) => chart(currency, values, timeline))
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Refund exposure ${escape(timeline.from)} to ${escape(timeline.to)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
svg { background: #fafafa; border: 1px solid #ddd; }
svg text { font-size: 11px; fill: #555; }
.grid { stroke: #e2e2e2; }
.line { fill: none; stroke: #1f6feb; stroke-width: 2; }
table { border-collapse: collapse; margin: .5rem 0; }
td, th { padding: 2px 10px; text-align: right; border-bottom: 1px solid #eee; }
</style>
</head>
<body>
<h1>Refund exposure</h1>
<p>Total non-refundable amount of the plans not cancelled, day by day, as their redemption dates approach
(refund policies R7.2–R7.5). Report at ${
    escape(report.at)
  }; ${report.lines} line(s) read, ${report.invalidLines} refused.</p>
${sections.length === 0 ? "<p>No plans.</p>" : sections.join("\n")}
</body>
</html>
`
}
