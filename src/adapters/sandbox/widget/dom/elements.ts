/**
 * Building the page's DOM: elements with their attributes and children, text
 * only, never markup (every string becomes a text node).
 *
 * @module
 */

/** What an element's children may be: nodes, text, or nothing. */
export type Child = Node | string | number | null | undefined | false | ReadonlyArray<Child>

/** An element's attributes; an undefined or null one is left out. */
export type Attributes = Readonly<Record<string, string | number | null | undefined>> | null

const append = (doc: Document, node: Node, children: Child): void => {
  if (children === null || children === undefined || children === false) return
  if (Array.isArray(children)) {
    for (const child of children as ReadonlyArray<Child>) append(doc, node, child)
    return
  }
  node.appendChild(typeof children === "object" ? children as Node : doc.createTextNode(String(children)))
}

const setAttributes = (node: Element, attributes: Attributes): void => {
  if (attributes === null) return
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(name, String(value))
  }
}

/** An HTML element. */
export const el = <K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Attributes,
  children?: Child
): HTMLElementTagNameMap[K] => {
  const node = doc.createElement(tag)
  setAttributes(node, attributes)
  append(doc, node, children)
  return node
}

const SVG = "http://www.w3.org/2000/svg"

/** An SVG element. */
export const svg = (doc: Document, tag: string, attributes: Attributes, children?: Child): SVGElement => {
  const node = doc.createElementNS(SVG, tag) as SVGElement
  setAttributes(node, attributes)
  append(doc, node, children)
  return node
}

/** Removes every child of `node`. */
export const clear = (node: Node): void => {
  while (node.firstChild) node.removeChild(node.firstChild)
}
