/**
 * The sandbox's widget: the script a merchant's page loads
 * (`checkoutWorkflow.sdkWidget.scriptUrl`) and the hosted checkout page it
 * opens or embeds.
 *
 * Both are plain strings of browser code. The page is self-contained (inline CSS
 * and script, no external resource) and talks only to the sandbox's
 * customer-facing JSON API under `/widget/api/checkouts/{checkoutId}`. Every
 * merchant-provided string reaches the DOM through `textContent`, never as
 * markup, and a Content-Security-Policy with the hash of the page's one script
 * backs that up.
 *
 * Money in the browser is handled as decimal strings and bigint minor units:
 * amounts are shown with the currency's digits (zero-decimal currencies too) and
 * sent back as JSON numbers parsed from their decimal text, so binary floating
 * point never computes an amount.
 *
 * @module
 */
import { createHash } from "node:crypto"

/** The path under the base URL that serves {@link widgetScript}. */
const SCRIPT_PATH = "/widget/sdk.js"
/** The customer-facing JSON API of the page. */
const API_PATH = "/widget/api/checkouts/"

const trimBase = (baseUrl: string): string => baseUrl.replace(/\/+$/, "")

/**
 * JSON that is safe inside an HTML `<script>` element and inside JavaScript
 * source: no `<`, `>`, `&` or line separators survive unescaped, so no value can
 * close the element or break out of a string.
 */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The origin of the base URL for the page's `connect-src`, or none when it is not an http(s) URL. */
const originOf = (baseUrl: string): string | undefined => {
  if (!URL.canParse(baseUrl)) return undefined
  const url = new URL(baseUrl)
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
}

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("base64")

// ---------------------------------------------------------------------------
// The merchant-side script

const WIDGET_SCRIPT = String.raw`
(function (BASE) {
  "use strict";
  var w = window;
  var doc = w.document;
  var ID = /^[A-Za-z0-9_-]{1,256}$/;
  var MESSAGE = "payment-plan-engine:redirect";
  var ORIGIN = (function () { try { return new URL(BASE).origin; } catch (e) { return ""; } })();

  // R8.3: after create checkout, show the widget below 500 (success or validation failure), never from 500.
  function shouldDisplay(status) {
    return typeof status === "number" && status % 1 === 0 && status >= 100 && status < 500;
  }
  function pageUrl(checkoutId) {
    if (typeof checkoutId !== "string" || !ID.test(checkoutId)) throw new TypeError("PaymentPlanWidget: invalid checkout id");
    return BASE + "/widget/checkout/" + encodeURIComponent(checkoutId);
  }
  function httpUrl(url) {
    try {
      var u = new URL(url);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
    } catch (e) { return null; }
  }
  function resolve(container) {
    var el = typeof container === "string" ? doc.querySelector(container) : container;
    if (!el) throw new TypeError("PaymentPlanWidget: container not found");
    return el;
  }
  function open(checkoutId) {
    var url = pageUrl(checkoutId);
    w.location.assign(url);
    return { displayed: true, mode: "redirect", url: url };
  }
  function embed(checkoutId, container) {
    var url = pageUrl(checkoutId);
    var target = resolve(container);
    var frame = doc.createElement("iframe");
    frame.src = url;
    frame.title = "Payment plan checkout";
    frame.style.width = "100%";
    frame.style.minHeight = "900px";
    frame.style.border = "0";
    // The hosted page asks its parent to follow the redirect: a cross-origin frame may not navigate the top window.
    w.addEventListener("message", function (event) {
      var data = event.data;
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      if (!data || data.type !== MESSAGE || data.checkoutId !== checkoutId) return;
      var next = httpUrl(data.url);
      if (next) w.location.assign(next);
    });
    while (target.firstChild) target.removeChild(target.firstChild);
    target.appendChild(frame);
    return { displayed: true, mode: "embed", url: url, frame: frame };
  }
  // A create-checkout validation failure has no checkout to open: show what went wrong instead.
  function showErrors(body, container) {
    var box = doc.createElement("div");
    box.setAttribute("role", "alert");
    box.className = "payment-plan-widget-errors";
    var title = doc.createElement("strong");
    title.textContent = "The payment plan could not be set up.";
    box.appendChild(title);
    var message = body && typeof body.message === "string" ? body.message : "";
    if (message) {
      var p = doc.createElement("p");
      p.textContent = message;
      box.appendChild(p);
    }
    var issues = body && Array.isArray(body.issues) ? body.issues : [];
    if (issues.length > 0) {
      var list = doc.createElement("ul");
      for (var i = 0; i < issues.length; i++) {
        var item = doc.createElement("li");
        var issue = issues[i] || {};
        item.textContent = (issue.path ? String(issue.path) + ": " : "") + String(issue.message || issue.code || "invalid");
        list.appendChild(item);
      }
      box.appendChild(list);
    }
    if (container) {
      var target = resolve(container);
      while (target.firstChild) target.removeChild(target.firstChild);
      target.appendChild(box);
    } else if (doc.body) {
      doc.body.insertBefore(box, doc.body.firstChild);
    }
    return { displayed: true, mode: "errors", element: box };
  }
  /**
   * display({ status, body, container? }): status and body are the merchant's create-checkout response.
   */
  function display(options) {
    var o = options || {};
    if (!shouldDisplay(o.status)) return { displayed: false, reason: "service_failure" };
    var id = typeof o.checkoutId === "string" ? o.checkoutId : o.body && o.body.id;
    if (typeof id === "string" && ID.test(id)) return o.container ? embed(id, o.container) : open(id);
    return showErrors(o.body, o.container);
  }
  var api = { baseUrl: BASE, shouldDisplay: shouldDisplay, pageUrl: pageUrl, display: display, open: open, embed: embed };
  w.PaymentPlanWidget = api;

  // <script src=".../widget/sdk.js" data-checkout-id="…" data-status="201" data-container="#plan">
  var script = doc && doc.currentScript;
  var data = script && script.dataset;
  if (data && data.checkoutId) {
    var status = data.status === undefined ? 200 : Number(data.status);
    display({ status: status, checkoutId: data.checkoutId, container: data.container || undefined });
  }
})`

/**
 * The script served at `{baseUrl}/widget/sdk.js`, the checkout response's
 * `checkoutWorkflow.sdkWidget.scriptUrl`. It defines `window.PaymentPlanWidget`:
 *
 * - `display({ status, body, container? })` takes the merchant's create-checkout
 *   response and honours R8.3: nothing is shown from status 500 (or without a
 *   status); below 500 the checkout's hosted page opens (or is embedded in
 *   `container`), and a validation failure without a checkout shows its issues.
 * - `open(checkoutId)` sends the browser to the hosted page; `embed(checkoutId,
 *   container)` puts it in an iframe and follows the page's redirect.
 * - `shouldDisplay(status)` and `pageUrl(checkoutId)`.
 *
 * Loaded with `data-checkout-id` (and optionally `data-status`, `data-container`)
 * it displays the checkout at once.
 *
 * @example
 * ```ts
 * const js = widgetScript("http://127.0.0.1:4010")
 * // <script src="http://127.0.0.1:4010/widget/sdk.js" data-checkout-id="chk_1" data-container="#plan"></script>
 * ```
 */
export const widgetScript = (baseUrl: string): string =>
  `/* payment-plan-engine sandbox widget: ${SCRIPT_PATH} */${WIDGET_SCRIPT}(${scriptJson(trimBase(baseUrl))});\n`

// ---------------------------------------------------------------------------
// The hosted checkout page

const PAGE_CSS = `
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6575; --line: #d9dee7; --accent: #0b5cad; --bad: #a4161a; --good: #1b6e3a; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f4f6f9; }
main { max-width: 760px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.35rem; margin: 0.2rem 0 0.8rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.5rem; }
h3 { font-size: 0.95rem; margin: 0.6rem 0 0.3rem; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin: 0 0 12px; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
td.n, th.n { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-bottom: 0; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
label { font-weight: 600; }
input[type=text], input[type=number] { font: inherit; padding: 6px 8px; border: 1px solid #9aa4b2; border-radius: 6px; width: 14rem; max-width: 100%; }
input[aria-invalid=true] { border-color: var(--bad); }
fieldset { border: 0; margin: 0; padding: 0; }
legend { font-weight: 600; margin-bottom: 4px; }
.option { display: flex; gap: 8px; align-items: flex-start; padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; margin: 0 0 6px; }
.option .terms { display: block; font-weight: 400; color: var(--muted); }
.option.unavailable .terms { color: var(--bad); }
.hint { color: var(--muted); font-size: 0.9rem; margin: 4px 0 0; }
.error { color: var(--bad); font-size: 0.9rem; margin: 4px 0 0; }
.banner { border-radius: 8px; padding: 10px 14px; margin: 0 0 12px; background: #fff4e5; border: 1px solid #f0b45b; }
.banner.bad { background: #fdecec; border-color: #e3a1a3; }
.banner.good { background: #e9f6ee; border-color: #9fd1b0; }
.actions { display: flex; gap: 10px; flex-wrap: wrap; margin-top: 10px; }
button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid var(--accent); cursor: pointer; }
button.primary { background: var(--accent); color: #fff; }
button.secondary { background: #fff; color: var(--accent); }
button:disabled { opacity: 0.5; cursor: not-allowed; }
svg { display: block; max-width: 100%; height: auto; margin-top: 6px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 8px; }
[hidden] { display: none !important; }
`

const PAGE_SCRIPT = String.raw`
"use strict";
var PaymentPlanPage = (function () {
  var FREQUENCIES = ["Weekly", "Fortnightly", "Monthly"];
  var PLAN_TYPES = ["Installment", "PayInFull", "Custom"];
  var DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
  var SVG = "http://www.w3.org/2000/svg";
  var MESSAGE = "payment-plan-engine:redirect";
  var VALIDATION = {
    "deposit.below_minimum": "The deposit is below the minimum.",
    "deposit.above_maximum": "The deposit is above the maximum.",
    "deposit.precision": "The deposit has too many decimal places.",
    "installments.unavailable": "No instalment falls before the completion date.",
    "installments.above_maximum_payment": "A payment would be above the maximum payment amount."
  };

  // ----- money: decimal strings and bigint minor units, never float arithmetic

  /** The exact decimal text of a JSON number (or numeric string), or null. */
  function decimalText(value) {
    if (typeof value === "string") return DECIMAL.test(value.trim()) ? value.trim() : null;
    if (typeof value !== "number" || !isFinite(value)) return null;
    var s = String(value);
    if (!/e/i.test(s)) return s;
    // exponent form: tiny amounts carry too many digits anyway; huge ones are integers
    return Math.abs(value) < 1 ? value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "") : BigInt(value).toString();
  }

  /** Minor units (bigint) of an amount with at most 'digits' fraction digits, or null. */
  function toMinor(value, digits) {
    var text = decimalText(value);
    var m = text === null ? null : DECIMAL.exec(text);
    if (!m) return null;
    var fraction = (m[3] || "").replace(/0+$/, "");
    if (fraction.length > digits) return null;
    while (fraction.length < digits) fraction += "0";
    var minor = BigInt(m[2] + fraction);
    return m[1] === "-" ? -minor : minor;
  }

  /** The decimal text of minor units: 12345n with 2 digits is "123.45". */
  function fromMinor(minor, digits) {
    var negative = minor < 0n;
    var s = (negative ? -minor : minor).toString();
    if (digits > 0) {
      while (s.length <= digits) s = "0" + s;
      s = s.slice(0, s.length - digits) + "." + s.slice(s.length - digits);
    }
    return (negative ? "-" : "") + s;
  }

  /** The JSON number of minor units, parsed from its decimal text (exact for every safe amount). */
  function toJsonNumber(minor, digits) {
    return Number(fromMinor(minor, digits));
  }

  function group(integer) {
    return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }

  /** An amount for people, with exactly the currency's digits: "AUD 1,234.50", "JPY 10,000". */
  function formatMoney(value, currency) {
    var digits = currency.digits;
    var minor = toMinor(value, digits);
    if (minor === null) return String(value);
    var text = fromMinor(minor, digits);
    var negative = text.charAt(0) === "-";
    if (negative) text = text.slice(1);
    var parts = text.split(".");
    var number = group(parts[0]) + (parts.length > 1 ? "." + parts[1] : "");
    return (negative ? "-" : "") + currency.currencyCode + "\u00a0" + number;
  }

  // ----- dates

  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  var WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  var DATE = /^(\d{4})-(\d{2})-(\d{2})/;

  /** Milliseconds of a calendar date (UTC midnight) or an instant, or NaN. */
  function timeOf(text) {
    if (typeof text !== "string") return NaN;
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return Date.parse(text);
  }

  /** "Tue 8 Dec 2026": the calendar date as written (a date-time keeps its own date). */
  function formatDate(text) {
    var m = typeof text === "string" ? DATE.exec(text) : null;
    if (!m) return String(text);
    var d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    if (isNaN(d.getTime())) return String(text);
    return WEEKDAYS[d.getUTCDay()] + " " + d.getUTCDate() + " " + MONTHS[d.getUTCMonth()] + " " + d.getUTCFullYear();
  }

  // ----- requests

  /** The compute-plan-terms request of the customer's choice. */
  function planTermsRequest(checkoutId, choice) {
    var request = { checkoutId: checkoutId, type: "plan", timeZone: choice.timeZone };
    if (PLAN_TYPES.indexOf(choice.planType) >= 0) request.planType = choice.planType;
    if (choice.deposit !== null && choice.deposit !== undefined) {
      request.deposit = { amount: toJsonNumber(choice.deposit, choice.digits) };
    }
    if (choice.planType !== "PayInFull" && choice.frequency) {
      request.installments = { cadence: { frequency: choice.frequency } };
    }
    return request;
  }

  /** Only http(s) URLs are followed: a redirect can never run script. */
  function safeRedirect(url, base) {
    try {
      var u = new URL(url, base);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
    } catch (e) {
      return null;
    }
  }

  function validationMessages(terms) {
    var list = terms && terms.installments && Array.isArray(terms.installments.validation) ? terms.installments.validation : [];
    return list.map(function (entry) {
      var key = entry && typeof entry.key === "string" ? entry.key : "";
      return VALIDATION[key] || (key + (entry && entry.value ? ": " + entry.value : ""));
    });
  }

  /** "6 payments of AUD 136.67 after the deposit": the terms in words. */
  function describeTerms(terms, currency, frequency) {
    if (!terms) return "";
    var problems = validationMessages(terms);
    if (problems.length > 0) return "Not available: " + problems.join(" ");
    var inst = terms.installments || {};
    var count = Number(inst.count);
    if (!(count > 0)) return "Pay in full today";
    var every = frequency === "Monthly" ? "monthly" : frequency === "Fortnightly" ? "fortnightly" : "weekly";
    return count + " " + every + " payment" + (count === 1 ? "" : "s") + " of " + formatMoney(inst.amount, currency) + " after the deposit";
  }

  /** Cumulative amount paid after each payment of the schedule, in minor units. */
  function cumulative(schedule, digits) {
    var total = 0n;
    var points = [];
    for (var i = 0; i < schedule.length; i++) {
      var minor = toMinor(schedule[i].amount, digits);
      if (minor === null) continue;
      total += minor;
      points.push({ t: timeOf(schedule[i].date), v: total, label: schedule[i].date });
    }
    return points;
  }

  // ----- DOM helpers: text only, never markup

  function el(doc, tag, attrs, children) {
    var node = doc.createElement(tag);
    if (attrs) for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) node.setAttribute(k, String(attrs[k]));
    append(doc, node, children);
    return node;
  }
  function svg(doc, tag, attrs, children) {
    var node = doc.createElementNS(SVG, tag);
    if (attrs) for (var k in attrs) node.setAttribute(k, String(attrs[k]));
    append(doc, node, children);
    return node;
  }
  function append(doc, node, children) {
    if (children === undefined || children === null) return;
    if (!Array.isArray(children)) children = [children];
    for (var i = 0; i < children.length; i++) {
      var c = children[i];
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c)) { append(doc, node, c); continue; }
      node.appendChild(typeof c === "object" ? c : doc.createTextNode(String(c)));
    }
  }
  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  /**
   * A small step chart: 'points' ({ t, v: bigint, label }) sorted by time, starting at 'initial'
   * (minor units), scaled to 'max'. Floating point only places pixels.
   */
  function stepChart(doc, spec) {
    var W = 320, H = 132, L = 8, R = 8, T = 16, B = 30;
    var points = spec.points.filter(function (p) { return isFinite(p.t); }).sort(function (a, b) { return a.t - b.t; });
    var first = points.length ? points[0].t : Date.now();
    var last = points.length ? points[points.length - 1].t : first;
    var start = isFinite(spec.start) ? Math.min(spec.start, first) : first;
    var end = Math.max(isFinite(spec.end) ? spec.end : last, last, start + 86400000);
    var max = spec.max > 0n ? spec.max : 1n;
    points.forEach(function (p) { if (p.v > max) max = p.v; });
    function x(t) { return L + ((t - start) / (end - start)) * (W - L - R); }
    function y(v) { return T + (1 - Number((v * 10000n) / max) / 10000) * (H - T - B); }
    var id = "chart-" + Math.random().toString(36).slice(2);
    var d = "M" + x(start).toFixed(1) + " " + y(spec.initial).toFixed(1);
    var level = spec.initial;
    points.forEach(function (p) {
      d += " H" + x(p.t).toFixed(1) + " V" + y(p.v).toFixed(1);
      level = p.v;
    });
    d += " H" + x(end).toFixed(1);
    var marks = points.map(function (p) {
      return svg(doc, "circle", { cx: x(p.t).toFixed(1), cy: y(p.v).toFixed(1), r: 3, fill: spec.color }, [
        svg(doc, "title", null, formatDate(p.label) + ": " + spec.format(p.v))
      ]);
    });
    return svg(doc, "svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img", "aria-labelledby": id }, [
      svg(doc, "title", { id: id }, spec.title),
      svg(doc, "line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#9aa4b2" }),
      svg(doc, "line", { x1: L, y1: y(max).toFixed(1), x2: W - R, y2: y(max).toFixed(1), stroke: "#d9dee7", "stroke-dasharray": "3 3" }),
      svg(doc, "text", { x: W - R, y: y(max) - 4, "text-anchor": "end", "font-size": 10, fill: "#5b6575" }, spec.format(max)),
      svg(doc, "path", { d: d, fill: "none", stroke: spec.color, "stroke-width": 2 }),
      marks,
      svg(doc, "text", { x: L, y: H - 10, "font-size": 10, fill: "#5b6575" }, formatDate(new Date(start).toISOString())),
      svg(doc, "text", { x: W - R, y: H - 10, "text-anchor": "end", "font-size": 10, fill: "#5b6575" }, formatDate(new Date(end).toISOString()))
    ]);
  }

  // ----- the page

  function start(win) {
    var doc = win.document;
    var config = JSON.parse(doc.getElementById("ppe-config").textContent);
    var api = config.baseUrl + config.apiPath + encodeURIComponent(config.checkoutId);
    var $ = function (id) { return doc.getElementById(id); };
    var timeZone = "UTC";
    try { timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch (e) { /* keep UTC */ }

    var state = {
      data: null, currency: null, planType: undefined, deposit: null, range: null,
      terms: {}, frequency: null, seq: 0, busy: true, closed: false, leaving: false
    };

    function call(method, path, body) {
      var init = { method: method, headers: { accept: "application/json" } };
      if (body !== undefined) {
        init.headers["content-type"] = "application/json";
        init.body = JSON.stringify(body);
      }
      return win.fetch(api + path, init).then(function (res) {
        return res.text().then(function (text) {
          var json = null;
          try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
          return { status: res.status, ok: res.ok, body: json };
        });
      });
    }

    function say(text, kind) {
      var box = $("message");
      box.textContent = text;
      box.className = "banner" + (kind ? " " + kind : "");
      box.hidden = !text;
    }
    function money(value) { return formatMoney(value, state.currency); }

    function updateButtons() {
      var terms = state.frequency ? state.terms[state.frequency] : null;
      var ok = !!terms && validationMessages(terms).length === 0 && state.deposit !== null;
      $("pay").disabled = state.closed || state.busy || !ok;
      $("cancel").disabled = state.leaving;
      if (terms && terms.deposit) {
        $("pay").textContent = (state.planType === "PayInFull" ? "Pay in full: " : "Pay deposit of ") + money(terms.deposit.amount);
      }
    }

    // Nothing more can be paid; cancelling stays possible so the customer can return to the merchant.
    function close(text, kind) {
      state.closed = true;
      state.busy = false;
      say(text, kind);
      $("deposit").disabled = true;
      var radios = doc.querySelectorAll("input[name=cadence]");
      for (var i = 0; i < radios.length; i++) radios[i].disabled = true;
      updateButtons();
    }

    function go(url, text, kind) {
      var next = safeRedirect(url, win.location.href);
      state.closed = true;
      state.leaving = true;
      updateButtons();
      if (!next) { say("The merchant's return address is not valid.", "bad"); return; }
      say(text, kind);
      var link = el(doc, "a", { href: next }, "Continue to the merchant");
      $("message").appendChild(doc.createTextNode(" "));
      $("message").appendChild(link);
      if (win.parent && win.parent !== win) {
        // Embedded: the widget script in the merchant's page follows the redirect.
        win.parent.postMessage({ type: MESSAGE, checkoutId: config.checkoutId, url: next }, "*");
        return;
      }
      win.location.assign(next);
    }

    // The sandbox's "now" as the checkout knows it (its test clock), else the browser's.
    function today() {
      var checkout = state.data.checkout || {};
      var t = timeOf(checkout.createdAt || checkout.created);
      return isFinite(t) ? t : Date.now();
    }

    // The checkout's items and their summary lines (same order), tolerant of missing parts.
    function order() {
      var checkout = state.data.checkout || {}, summary = state.data.summary || {};
      return {
        checkout: checkout, summary: summary,
        items: Array.isArray(checkout.items) ? checkout.items : [],
        lines: Array.isArray(summary.items) ? summary.items : []
      };
    }

    function renderOrder() {
      var o = order(), checkout = o.checkout, summary = o.summary, items = o.items, lines = o.lines;
      var body = $("items");
      clear(body);
      items.forEach(function (item, i) {
        body.appendChild(el(doc, "tr", null, [
          el(doc, "td", null, String(item.description || item.sku || "Item " + (i + 1))),
          el(doc, "td", { "class": "n" }, String(item.quantity)),
          el(doc, "td", { "class": "n" }, money(item.costPerItem)),
          el(doc, "td", { "class": "n" }, lines[i] ? money(lines[i].lineTotal) : "")
        ]));
      });
      $("total").textContent = money(summary.totalCost);
      $("minimum").textContent = money(summary.totalMinimumDeposit);
      $("completion").textContent = formatDate(summary.completionDate);
      $("expires").textContent = summary.expiresAt ? new Date(summary.expiresAt).toLocaleString("en-GB", { timeZone: timeZone, dateStyle: "medium", timeStyle: "short" }) : "";
      $("merchant-order").textContent = String(checkout.merchantOrderId || "");
    }

    function renderMilestones() {
      var data = state.data, o = order(), items = o.items, lines = o.lines;
      var host = $("milestones");
      clear(host);
      var groups = Array.isArray(data.refundMilestones) ? data.refundMilestones : [];
      if (groups.length === 0) host.appendChild(el(doc, "p", { "class": "hint" }, "These items are fully refundable until their redemption date."));
      groups.forEach(function (group) {
        var index = -1;
        for (var i = 0; i < items.length; i++) if (items[i].id === group.itemId) index = i;
        var name = String(group.name || (index >= 0 ? items[index].description : "") || "Item");
        var policies = Array.isArray(group.policies) ? group.policies.slice() : [];
        policies.sort(function (a, b) { return timeOf(a.activeFrom) - timeOf(b.activeFrom); });
        var rows = policies.map(function (p) {
          return el(doc, "tr", null, [
            el(doc, "td", null, formatDate(p.activeFrom)),
            el(doc, "td", null, String(p.name || "")),
            el(doc, "td", { "class": "n" }, money(p.nonRefundableAmount))
          ]);
        });
        if (rows.length === 0) rows = [el(doc, "tr", null, el(doc, "td", { colspan: 3 }, "Fully refundable until redemption."))];
        var table = el(doc, "table", null, [
          el(doc, "caption", null, name),
          el(doc, "thead", null, el(doc, "tr", null, [
            el(doc, "th", { scope: "col" }, "From"),
            el(doc, "th", { scope: "col" }, "Refund policy"),
            el(doc, "th", { scope: "col", "class": "n" }, "Non-refundable")
          ])),
          el(doc, "tbody", null, rows)
        ]);
        var line = index >= 0 && lines[index] ? toMinor(lines[index].lineTotal, state.currency.digits) : null;
        var redemption = index >= 0 ? timeOf(items[index].redemptionDate) : NaN;
        var points = policies.map(function (p) {
          return { t: timeOf(p.activeFrom), v: toMinor(p.nonRefundableAmount, state.currency.digits) || 0n, label: p.activeFrom };
        });
        var chart = stepChart(doc, {
          title: "Non-refundable amount of " + name + " over time",
          points: points, initial: 0n, max: line || 0n, color: "#a4161a",
          start: today(), end: isFinite(redemption) ? redemption : today(),
          format: function (v) { return money(fromMinor(v, state.currency.digits)); }
        });
        host.appendChild(el(doc, "div", { "class": "milestone" }, [table, chart]));
      });
    }

    function renderOptions() {
      var host = $("cadences");
      clear(host);
      var frequencies = state.planType === "PayInFull" ? ["PayInFull"] : FREQUENCIES;
      frequencies.forEach(function (f) {
        var terms = state.terms[f];
        var id = "cadence-" + f.toLowerCase();
        var problems = validationMessages(terms);
        var radio = el(doc, "input", { type: "radio", name: "cadence", id: id, value: f, "aria-describedby": id + "-terms" });
        radio.checked = state.frequency === f;
        radio.disabled = state.closed;
        radio.addEventListener("change", function () {
          if (radio.checked) { state.frequency = f; renderSchedule(); updateButtons(); }
        });
        var label = el(doc, "label", { "for": id }, [
          f === "PayInFull" ? "Pay in full" : f,
          el(doc, "span", { "class": "terms", id: id + "-terms" }, terms ? describeTerms(terms, state.currency, f) : "Calculating…")
        ]);
        host.appendChild(el(doc, "div", { "class": "option" + (terms && problems.length ? " unavailable" : "") }, [radio, label]));
      });
    }

    function renderSchedule() {
      var terms = state.frequency ? state.terms[state.frequency] : null;
      var schedule = terms && Array.isArray(terms.schedule) ? terms.schedule : [];
      var body = $("schedule");
      clear(body);
      schedule.forEach(function (p) {
        body.appendChild(el(doc, "tr", null, [
          el(doc, "td", null, Number(p.installmentNumber) === 1 ? "1 (deposit)" : String(p.installmentNumber)),
          el(doc, "td", null, formatDate(p.date)),
          el(doc, "td", { "class": "n" }, money(p.amount))
        ]));
      });
      var host = $("schedule-chart");
      clear(host);
      if (schedule.length > 0) {
        var digits = state.currency.digits;
        var points = cumulative(schedule, digits);
        host.appendChild(stepChart(doc, {
          title: "Amount paid over time",
          points: points, initial: 0n, max: toMinor(state.data.summary.totalCost, digits) || 0n, color: "#0b5cad",
          start: points.length ? points[0].t : today(), end: timeOf(state.data.summary.completionDate),
          format: function (v) { return money(fromMinor(v, digits)); }
        }));
      }
      $("schedule-section").hidden = schedule.length === 0;
    }

    function depositProblem(minor) {
      var c = state.currency;
      if (minor === null) return "Enter an amount with at most " + c.digits + " decimal place" + (c.digits === 1 ? "" : "s") + ".";
      if (state.range && minor < state.range.min) return "The deposit must be at least " + money(fromMinor(state.range.min, c.digits)) + ".";
      if (state.range && minor > state.range.max) return "The deposit must be at most " + money(fromMinor(state.range.max, c.digits)) + ".";
      return "";
    }

    function compute(depositMinor) {
      var seq = ++state.seq;
      state.busy = true;
      updateButtons();
      var frequencies = state.planType === "PayInFull" ? ["PayInFull"] : FREQUENCIES;
      return Promise.all(frequencies.map(function (f) {
        var request = planTermsRequest(config.checkoutId, {
          planType: state.planType, frequency: f === "PayInFull" ? null : f, deposit: depositMinor,
          digits: state.currency.digits, timeZone: timeZone
        });
        return call("POST", "/plan-terms", request);
      })).then(function (answers) {
        if (seq !== state.seq) return;
        state.busy = false;
        var failed = answers.filter(function (a) { return !a.ok; })[0];
        if (failed) {
          if (failed.status === 410) { close("This checkout has expired and can no longer be completed.", "bad"); return; }
          say("The plan could not be calculated" + (failed.body && failed.body.message ? ": " + failed.body.message : "."), "bad");
          updateButtons();
          return;
        }
        state.terms = {};
        frequencies.forEach(function (f, i) { state.terms[f] = answers[i].body; });
        var first = answers[0].body || {};
        var digits = state.currency.digits;
        if (state.planType === "PayInFull") {
          // R6.8: the whole cost today, so there is no range to choose from
          $("deposit-range").textContent = "Paid in full today.";
        } else if (first.deposit && first.deposit.range) {
          var min = toMinor(first.deposit.range.min, digits), max = toMinor(first.deposit.range.max, digits);
          if (min !== null && max !== null) {
            state.range = { min: min, max: max };
            var input = $("deposit");
            input.min = fromMinor(min, digits);
            input.max = fromMinor(max, digits);
            $("deposit-range").textContent = "Between " + money(fromMinor(min, digits)) + " and " + money(fromMinor(max, digits)) + ".";
          }
        }
        if (depositMinor === null && first.deposit) {
          state.deposit = toMinor(first.deposit.amount, digits);
          if (state.deposit !== null) $("deposit").value = fromMinor(state.deposit, digits);
        }
        if (!state.frequency || !state.terms[state.frequency]) {
          state.frequency = frequencies.filter(function (f) { return validationMessages(state.terms[f]).length === 0; })[0] || frequencies[0];
        }
        renderOptions();
        renderSchedule();
        updateButtons();
      }, function () {
        if (seq !== state.seq) return;
        state.busy = false;
        say("The sandbox could not be reached. Check that it is running and try again.", "bad");
        updateButtons();
      });
    }

    var timer = null;
    function onDeposit(now) {
      var input = $("deposit");
      var minor = toMinor(input.value, state.currency.digits);
      var problem = depositProblem(minor);
      $("deposit-error").textContent = problem;
      input.setAttribute("aria-invalid", problem ? "true" : "false");
      if (problem) {
        if (timer) win.clearTimeout(timer);
        state.deposit = null; state.seq++; state.busy = false; updateButtons(); return;
      }
      // the same amount again (a change event after input): keep the calculation already under way
      if (minor === state.deposit && !now) return;
      if (timer) win.clearTimeout(timer);
      state.deposit = minor;
      state.busy = true;
      updateButtons();
      timer = win.setTimeout(function () { compute(minor); }, now ? 0 : 250);
    }

    function pay() {
      var number = $("card").value.replace(/[\s-]/g, "");
      if (!/^\d{12,19}$/.test(number)) {
        $("card-error").textContent = "Enter a card number of 12 to 19 digits.";
        $("card").setAttribute("aria-invalid", "true");
        $("card").focus();
        return;
      }
      $("card-error").textContent = "";
      $("card").setAttribute("aria-invalid", "false");
      var request = planTermsRequest(config.checkoutId, {
        planType: state.planType, frequency: state.frequency === "PayInFull" ? null : state.frequency,
        deposit: state.deposit, digits: state.currency.digits, timeZone: timeZone
      });
      state.busy = true;
      updateButtons();
      say("Processing your payment…");
      call("POST", "/complete", { card: number, planTerms: request }).then(function (answer) {
        var body = answer.body || {};
        if (answer.status === 200) { go(body.redirectUrl, "Payment accepted. Your plan is set up; returning you to the merchant…", "good"); return; }
        if (answer.status === 402) { go(body.redirectUrl, (body.message || "Your card was declined.") + " Returning you to the merchant…", "bad"); return; }
        if (answer.status === 410) { close("This checkout has expired and can no longer be completed.", "bad"); return; }
        if (answer.status === 409) { close("This checkout has already been completed or cancelled.", "bad"); return; }
        state.busy = false;
        var issues = Array.isArray(body.issues) ? body.issues.map(function (i) { return (i.path ? i.path + ": " : "") + (i.message || i.code); }) : [];
        say((body.message || "The payment could not be processed.") + (issues.length ? " " + issues.join("; ") : ""), "bad");
        updateButtons();
      }, function () {
        state.busy = false;
        say("The sandbox could not be reached. Check that it is running and try again.", "bad");
        updateButtons();
      });
    }

    function cancel() {
      state.leaving = true;
      updateButtons();
      call("POST", "/cancel", {}).then(function (answer) {
        var body = answer.body || {};
        if (answer.ok) { go(body.redirectUrl, "Checkout cancelled; returning you to the merchant…"); return; }
        state.leaving = false;
        if (answer.status === 410) { close("This checkout has expired.", "bad"); return; }
        if (answer.status === 409) { close("This checkout has already been completed or cancelled.", "bad"); return; }
        say(body.message || "The checkout could not be cancelled.", "bad");
        updateButtons();
      }, function () {
        state.leaving = false;
        say("The sandbox could not be reached. Check that it is running and try again.", "bad");
        updateButtons();
      });
    }

    $("cancel").addEventListener("click", cancel);
    $("deposit").addEventListener("input", function () { onDeposit(false); });
    $("deposit").addEventListener("change", function () { onDeposit(false); });
    $("form").addEventListener("submit", function (event) { event.preventDefault(); if (!$("pay").disabled) pay(); });

    return call("GET", "").then(function (answer) {
      if (!answer.ok || !answer.body || !answer.body.currency) {
        $("app").hidden = true;
        say(answer.status === 404 ? "This checkout does not exist." : "This checkout could not be loaded (status " + answer.status + ").", "bad");
        return;
      }
      var data = answer.body;
      state.data = data;
      var currency = data.currency;
      state.currency = { currencyCode: String(currency.currencyCode || (data.checkout && data.checkout.currencyCode) || ""), digits: Number(currency.digits) || 0 };
      state.planType = data.checkout && PLAN_TYPES.indexOf(data.checkout.planType) >= 0 ? data.checkout.planType : undefined;
      var step = state.currency.digits > 0 ? "0." + new Array(state.currency.digits).join("0") + "1" : "1";
      $("deposit").step = step;
      $("deposit-currency").textContent = state.currency.currencyCode;
      $("app").hidden = false;
      renderOrder();
      renderMilestones();
      if (state.planType === "PayInFull") $("deposit").readOnly = true;
      var status = String(data.status || "");
      if (data.expired || /^expired$/i.test(status)) {
        state.busy = false;
        close("This checkout has expired and can no longer be completed. Ask the merchant for a new one.", "bad");
        $("plan-section").hidden = true;
        return;
      }
      if (/^(completed|rejected|cancelled|canceled)$/i.test(status)) {
        state.leaving = true;
        close(/^completed$/i.test(status) ? "This checkout is already completed." : "This checkout was already declined or cancelled.", "bad");
        $("plan-section").hidden = true;
        return;
      }
      return compute(null);
    }, function () {
      say("The sandbox could not be reached. Check that it is running and try again.", "bad");
    });
  }

  return {
    decimalText: decimalText, toMinor: toMinor, fromMinor: fromMinor, toJsonNumber: toJsonNumber,
    formatMoney: formatMoney, formatDate: formatDate, timeOf: timeOf, planTermsRequest: planTermsRequest,
    safeRedirect: safeRedirect, describeTerms: describeTerms, validationMessages: validationMessages,
    cumulative: cumulative, start: start
  };
})();
if (typeof window !== "undefined" && window.document && window.document.getElementById("ppe-config")) {
  PaymentPlanPage.start(window);
}
`

const PAGE_BODY = `
<main>
  <h1>Pay with a payment plan</h1>
  <div id="message" class="banner" role="status" aria-live="polite" hidden></div>
  <form id="form" novalidate>
  <div id="app" hidden>
    <section aria-labelledby="order-title">
      <h2 id="order-title">Your order <span class="hint" id="merchant-order"></span></h2>
      <table>
        <thead><tr><th scope="col">Item</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Price</th><th scope="col" class="n">Total</th></tr></thead>
        <tbody id="items"></tbody>
        <tfoot>
          <tr><th scope="row" colspan="3">Total</th><td class="n" id="total"></td></tr>
          <tr><th scope="row" colspan="3">Minimum deposit</th><td class="n" id="minimum"></td></tr>
          <tr><th scope="row" colspan="3">Paid off by</th><td class="n" id="completion"></td></tr>
          <tr><th scope="row" colspan="3">Offer valid until</th><td class="n" id="expires"></td></tr>
        </tfoot>
      </table>
    </section>
    <section id="plan-section" aria-labelledby="plan-title">
      <h2 id="plan-title">Your plan</h2>
      <label for="deposit">Deposit (<span id="deposit-currency"></span>)</label><br>
      <input id="deposit" name="deposit" type="number" inputmode="decimal" aria-describedby="deposit-range deposit-error">
      <p class="hint" id="deposit-range"></p>
      <p class="error" id="deposit-error" aria-live="polite"></p>
      <fieldset>
        <legend>How often you pay</legend>
        <div id="cadences"></div>
      </fieldset>
    </section>
    <section id="schedule-section" aria-labelledby="schedule-title" hidden>
      <h2 id="schedule-title">Payment schedule</h2>
      <table>
        <thead><tr><th scope="col">Payment</th><th scope="col">Date</th><th scope="col" class="n">Amount</th></tr></thead>
        <tbody id="schedule"></tbody>
      </table>
      <div id="schedule-chart"></div>
    </section>
    <section aria-labelledby="refund-title">
      <h2 id="refund-title">Refund milestones</h2>
      <p class="hint">If you cancel, these amounts of each item stay with the merchant from the date shown.</p>
      <div id="milestones" class="charts"></div>
    </section>
    <section aria-labelledby="pay-title">
      <h2 id="pay-title">Payment</h2>
      <label for="card">Card number</label><br>
      <input id="card" name="card" type="text" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint card-error">
      <p class="hint" id="card-hint">Sandbox test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 pays the deposit and fails later payments.</p>
      <p class="error" id="card-error" aria-live="polite"></p>
      <div class="actions">
        <button type="submit" id="pay" class="primary" disabled>Pay deposit</button>
        <button type="button" id="cancel" class="secondary">Cancel and return to the merchant</button>
      </div>
    </section>
  </div>
  </form>
</main>
`

// Computed once: the page's script and style are constant, so their hashes are too.
const SCRIPT_HASH = sha256(PAGE_SCRIPT)
const STYLE_HASH = sha256(PAGE_CSS)

/**
 * The hosted checkout page served at `GET {baseUrl}/widget/checkout/{checkoutId}`:
 * one self-contained HTML document (inline CSS and script, no external
 * resource) that loads the checkout from the customer-facing JSON API and lets
 * the customer choose a deposit and a cadence, see the schedule and refund
 * milestones, and pay or cancel. The checkout id and base URL are embedded as
 * escaped JSON data, never as markup.
 *
 * @example
 * ```ts
 * const html = checkoutPage("chk_1", "http://127.0.0.1:4010")
 * new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })
 * ```
 */
export const checkoutPage = (checkoutId: string, baseUrl: string): string => {
  const base = trimBase(baseUrl)
  const origin = originOf(base)
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${SCRIPT_HASH}'`,
    `style-src 'sha256-${STYLE_HASH}'`,
    `connect-src 'self'${origin ? ` ${origin}` : ""}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ")
  const config = scriptJson({ checkoutId, baseUrl: base, apiPath: API_PATH })
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="referrer" content="no-referrer">
<title>Payment plan checkout</title>
<style>${PAGE_CSS}</style>
</head>
<body>${PAGE_BODY}
<script type="application/json" id="ppe-config">${config}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`
}
