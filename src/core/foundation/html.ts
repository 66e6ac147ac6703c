/**
 * Text inside HTML. The core writes no HTML itself; the adapters that do (the
 * sandbox's hosted widget page, the command line's HTML report) share this one
 * escaper, since adapters never import each other (nor `core/internal/`).
 *
 * @internal
 * @module
 */

/**
 * `text` safe as HTML element content and as an attribute value in quotation marks: `&`,
 * `<`, `>`, `"` and `'` become numeric character references.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
