// A very small DOM for plain Node (no jsdom in node_modules): enough for the dashboard's `h()` builder and the
// breakdown table. It never parses HTML: `innerHTML =`, `outerHTML =`, `insertAdjacentHTML` and `document.write`
// throw, so a test that passes proves the view builds every service string as a text node or attribute value.

export class MiniNode {
  parentNode: MiniElement | undefined;
  readonly childNodes: MiniNode[] = [];

  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join('');
  }
  set textContent(v: string) {
    this.replaceChildren();
    if (v !== '') this.appendChild(new MiniText(String(v)));
  }

  appendChild<T extends MiniNode>(child: T): T {
    child.parentNode?.childNodes.splice(child.parentNode.childNodes.indexOf(child), 1);
    child.parentNode = this as unknown as MiniElement;
    this.childNodes.push(child);
    return child;
  }

  append(...children: (MiniNode | string)[]): void {
    for (const c of children) this.appendChild(typeof c === 'string' ? new MiniText(c) : c);
  }

  replaceChildren(...children: (MiniNode | string)[]): void {
    for (const c of this.childNodes) c.parentNode = undefined;
    this.childNodes.length = 0;
    this.append(...children);
  }
}

export class MiniText extends MiniNode {
  constructor(readonly data: string) {
    super();
  }
  override get textContent(): string {
    return this.data;
  }
}

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

const HTML_PARSING = 'HTML parsing of a string is not allowed in the dashboard view';

export class MiniElement extends MiniNode {
  readonly attributes = new Map<string, string>();
  readonly listeners = new Map<string, unknown[]>();
  readonly style: Record<string, string> = {};
  value = '';

  constructor(readonly tagName: string) {
    super();
  }

  get className(): string {
    return this.attributes.get('class') ?? '';
  }
  set className(v: string) {
    this.attributes.set('class', v);
  }
  get id(): string {
    return this.attributes.get('id') ?? '';
  }
  get classList(): { add(c: string): void; remove(c: string): void; contains(c: string): boolean; toggle(c: string, on?: boolean): void } {
    const list = (): string[] => this.className.split(/\s+/).filter(Boolean);
    return {
      add: (c) => (this.className = [...new Set([...list(), c])].join(' ')),
      remove: (c) => (this.className = list().filter((x) => x !== c).join(' ')),
      contains: (c) => list().includes(c),
      toggle: (c, on) => ((on ?? !list().includes(c)) ? this.classList.add(c) : this.classList.remove(c)),
    };
  }
  get dataset(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of this.attributes) if (k.startsWith('data-')) out[k.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
    return out;
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name.toLowerCase(), String(value));
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name.toLowerCase()) ?? null;
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name.toLowerCase());
  }
  addEventListener(type: string, fn: unknown): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(): void {}
  focus(): void {}
  scrollIntoView(): void {}

  /** Every element below (depth first). */
  descendants(): MiniElement[] {
    const out: MiniElement[] = [];
    for (const c of this.childNodes) if (c instanceof MiniElement) out.push(c, ...c.descendants());
    return out;
  }

  /** `#id` and `tag` selectors only (what the table asks for). */
  querySelector(selector: string): MiniElement | null {
    const m = /^#([\w-]+)$/.exec(selector);
    return this.descendants().find((e) => (m ? e.id === m[1] : e.tagName === selector.toLowerCase())) ?? null;
  }

  get innerHTML(): string {
    return this.childNodes.map(serialize).join('');
  }
  set innerHTML(_v: string) {
    throw new Error(`${HTML_PARSING} (innerHTML)`);
  }
  get outerHTML(): string {
    return serialize(this);
  }
  set outerHTML(_v: string) {
    throw new Error(`${HTML_PARSING} (outerHTML)`);
  }
  insertAdjacentHTML(): void {
    throw new Error(`${HTML_PARSING} (insertAdjacentHTML)`);
  }
}

export function serialize(n: MiniNode): string {
  if (n instanceof MiniText) return escapeText(n.data);
  const e = n as MiniElement;
  const attrs = [...e.attributes].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  return `<${e.tagName}${attrs}>${e.childNodes.map(serialize).join('')}</${e.tagName}>`;
}

export interface MiniDocument {
  body: MiniElement;
  createElement(tag: string): MiniElement;
  createTextNode(data: string): MiniText;
  getElementById(id: string): MiniElement | null;
  write(): never;
}

/** Installs `document` (and `CSS.escape`) on globalThis; returns a function that removes them again. */
export function installMiniDom(): { document: MiniDocument; uninstall(): void } {
  const body = new MiniElement('body');
  const document: MiniDocument = {
    body,
    createElement: (tag) => new MiniElement(tag.toLowerCase()),
    createTextNode: (data) => new MiniText(String(data)),
    getElementById: (id) => body.querySelector(`#${id}`),
    write: () => {
      throw new Error(`${HTML_PARSING} (document.write)`);
    },
  };
  const g = globalThis as Record<string, unknown>;
  const before = { document: g.document, CSS: g.CSS };
  g.document = document;
  g.CSS = { escape: (s: string) => s.replace(/["\\]/g, '\\$&') };
  return {
    document,
    uninstall: () => {
      g.document = before.document;
      g.CSS = before.CSS;
    },
  };
}
