/** A minimal window for the SDK outside a browser: the parts it uses, recorded. */
export class FakeNode {
  readonly children: Array<FakeNode> = []
  readonly attributes: Record<string, string> = {}
  readonly style: Record<string, string> = {}
  textContent = ""
  src = ""
  title = ""
  className = ""
  contentWindow = {}
  readonly tagName: string
  constructor(tagName: string) {
    this.tagName = tagName
  }
  get firstChild(): FakeNode | null {
    return this.children[0] ?? null
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value
  }
  appendChild(child: FakeNode) {
    this.children.push(child)
    return child
  }
  insertBefore(child: FakeNode) {
    this.children.unshift(child)
    return child
  }
  removeChild(child: FakeNode) {
    this.children.splice(this.children.indexOf(child), 1)
    return child
  }
  text(): string {
    return this.textContent + this.children.map((c) => c.text()).join(" ")
  }
}

export interface FakeWindow {
  readonly window: Record<string, unknown>
  /** Where the page was sent. */
  readonly assigned: Array<string>
  readonly listeners: Array<(event: unknown) => void>
  /** `#plan`. */
  readonly container: FakeNode
  readonly body: FakeNode
}

export const fakeWindow = (currentScript: { dataset: Record<string, string> } | null = null): FakeWindow => {
  const assigned: Array<string> = []
  const listeners: Array<(event: unknown) => void> = []
  const container = new FakeNode("div")
  const body = new FakeNode("body")
  const window: Record<string, unknown> = {
    location: { assign: (url: string) => assigned.push(url) },
    addEventListener: (_: string, listener: (event: unknown) => void) => listeners.push(listener),
    document: {
      currentScript,
      body,
      createElement: (tag: string) => new FakeNode(tag),
      querySelector: (selector: string) => (selector === "#plan" ? container : null)
    }
  }
  return { window, assigned, listeners, container, body }
}
