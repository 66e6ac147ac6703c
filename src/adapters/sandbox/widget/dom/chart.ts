/**
 * The page's step charts (the amount paid over time, each item's
 * non-refundable amount), drawn as SVG from a {@link ChartSpec}.
 *
 * @module
 */
import { MS_PER_DAY } from "../../../../core/foundation/time/calendar.ts"
import { formatDate } from "../page.ts"
import type { ChartSpec } from "../screen.ts"
import { svg } from "./elements.ts"

let charts = 0

const W = 320, H = 132, L = 8, R = 8, T = 16, B = 30

/** A small step chart. Floating point only places pixels; the levels are minor units. */
export const stepChart = (doc: Document, spec: ChartSpec): SVGElement => {
  const points = spec.points.filter((p) => Number.isFinite(p.t)).sort((a, b) => a.t - b.t)
  const first = points[0]?.t ?? Date.now()
  const last = points.at(-1)?.t ?? first
  const start = Number.isFinite(spec.start) ? Math.min(spec.start, first) : first
  const end = Math.max(Number.isFinite(spec.end) ? spec.end : last, last, start + MS_PER_DAY)
  const max = Math.max(spec.max > 0 ? spec.max : 1, ...points.map((p) => p.v))
  const x = (t: number) => L + ((t - start) / (end - start)) * (W - L - R)
  const y = (v: number) => T + (1 - v / max) * (H - T - B)
  const id = `chart-${++charts}`
  let d = `M${x(start).toFixed(1)} ${y(spec.initial).toFixed(1)}` // not money: pixels
  for (const p of points) d += ` H${x(p.t).toFixed(1)} V${y(p.v).toFixed(1)}` // not money: pixels
  d += ` H${x(end).toFixed(1)}` // not money: pixels
  const marks = points.map((p) =>
    svg(doc, "circle", { cx: x(p.t).toFixed(1), cy: y(p.v).toFixed(1), r: 3, fill: spec.color }, [ // not money: pixels
      svg(doc, "title", null, `${formatDate(p.label)}: ${spec.format(p.v)}`)
    ])
  )
  const muted = { "font-size": 10, fill: "#5b6575" }
  return svg(doc, "svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-labelledby": id }, [
    svg(doc, "title", { id }, spec.title),
    svg(doc, "line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#9aa4b2" }),
    svg(doc, "line", {
      x1: L,
      y1: y(max).toFixed(1), // not money: pixels
      x2: W - R,
      y2: y(max).toFixed(1), // not money: pixels
      stroke: "#d9dee7",
      "stroke-dasharray": "3 3"
    }),
    svg(doc, "text", { x: W - R, y: y(max) - 4, "text-anchor": "end", ...muted }, spec.format(max)),
    svg(doc, "path", { d, fill: "none", stroke: spec.color, "stroke-width": 2 }),
    marks,
    svg(doc, "text", { x: L, y: H - 10, ...muted }, formatDate(new Date(start).toISOString())),
    svg(doc, "text", { x: W - R, y: H - 10, "text-anchor": "end", ...muted }, formatDate(new Date(end).toISOString()))
  ])
}
