import postcss, { type ChildNode } from 'postcss';
import { inlineCssElementId } from '../browser/boot-data.ts';

/** A rule's selector, with the classes an element must carry for it to match anything. */
interface Selector {
  text: string;
  classes: string[];
}

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'rule'; selectors: Selector[]; body: string }
  | { kind: 'group'; open: string; pieces: Piece[]; empty: string };

const functionalPseudo = /^:([\w-]+)\($/;

/** Undoes CSS escapes in a class name: `md\:flex` is the class `md:flex`, `\31 0` is `10`. */
function unescapeCss(name: string): string {
  return name.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g, (_, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)) : char!,
  );
}

/** Where the quoted string or bracket opened at `from` ends (the selector's end if it never does). */
function closing(selector: string, from: number, close: string): number {
  const at = selector.indexOf(close, from + 1);
  return at === -1 ? selector.length : at + 1;
}

/** The selector's top-level parts between commas (none inside brackets, parentheses or strings). */
function splitTopLevel(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '\\') i++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === '"' || char === "'") i = closing(selector, i, char) - 1;
    else if (char === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts;
}

/**
 * The classes every element list matching `selector` needs somewhere in the page: those outside any functional
 * pseudo-class, and those of a single selector inside `:is()` or `:where()`. Classes anywhere else (`:not()`,
 * `:has()`, a list) are not required, as the rule may match without them.
 */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let i = 0;
  while (i < selector.length) {
    const char = selector[i]!;
    if (char === '\\') i += 2;
    else if (char === '"' || char === "'") i = closing(selector, i, char);
    else if (char === '[') i = closing(selector, i, ']');
    else if (char === '.') {
      const name = /^(?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-]|[^\p{ASCII}])+/u.exec(selector.slice(i + 1))?.[0] ?? '';
      if (name) classes.push(unescapeCss(name));
      i += 1 + name.length;
    } else if (char === ':') {
      const pseudo = /^::?[\w-]+\(?/.exec(selector.slice(i))?.[0] ?? ':';
      i += pseudo.length;
      const name = functionalPseudo.exec(pseudo.replace(/^::/, ':'))?.[1];
      if (name === undefined) continue;
      let depth = 1;
      const start = i;
      for (; i < selector.length && depth > 0; i++) {
        if (selector[i] === '\\') i++;
        else if (selector[i] === '(') depth++;
        else if (selector[i] === ')') depth--;
      }
      const argument = selector.slice(start, i - 1);
      if ((name === 'is' || name === 'where') && splitTopLevel(argument).length === 1)
        classes.push(...requiredClasses(argument));
    } else i++;
  }
  return classes;
}

/**
 * The stylesheet as pieces to keep or drop per page: rules (by selector), groups of them (`@media`, `@layer`,
 * `@supports`, dropped when nothing in them is kept) and everything else, kept as it is.
 */
function compile(nodes: ChildNode[]): Piece[] {
  return nodes.flatMap((node): Piece[] => {
    if (node.type === 'rule')
      return [
        {
          kind: 'rule',
          selectors: splitTopLevel(node.selector).map((text) => ({ text, classes: requiredClasses(text) })),
          body: node.clone({ selector: '' }).toString(),
        },
      ];
    if (
      node.type === 'atrule' &&
      node.nodes &&
      node.nodes.some((child) => child.type === 'rule' || child.type === 'atrule') &&
      !node.name.endsWith('keyframes')
    )
      return [
        {
          kind: 'group',
          open: `@${node.name}${node.params ? ` ${node.params}` : ''}{`,
          pieces: compile(node.nodes),
          // A layer keeps its place in the order of layers even when this page needs none of its rules: the whole
          // stylesheet, applied later, must not bring it in after the others.
          empty: node.name === 'layer' && node.params ? `@layer ${node.params};` : '',
        },
      ];
    return [{ kind: 'text', text: node.toString() + (node.type === 'atrule' && !node.nodes ? ';' : '') }];
  });
}

function emit(pieces: Piece[], classes: ReadonlySet<string>): string {
  let css = '';
  for (const piece of pieces) {
    if (piece.kind === 'text') css += piece.text;
    else if (piece.kind === 'group') {
      const inner = emit(piece.pieces, classes);
      css += inner ? `${piece.open}${inner}}` : piece.empty;
    } else {
      const kept = piece.selectors.filter((selector) => selector.classes.every((name) => classes.has(name)));
      if (kept.length) css += kept.map((selector) => selector.text).join(',') + piece.body;
    }
  }
  return css;
}

const htmlEntities: Record<string, string> = { '&amp;': '&', '&#x27;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/** Every class named by a `class` attribute in the HTML. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of list!.split(/\s+/))
      if (name) classes.add(name.replace(/&(?:amp|#x27|quot|lt|gt);/g, (entity) => htmlEntities[entity]!));
  return classes;
}

/**
 * The site's stylesheet cut to what one page needs for its first paint: every rule some element of the page's HTML
 * can match (by its classes), in the stylesheet's order. The states only scripts bring (a field's error shown as
 * the form is sent, the sending spinner, a played video) get their rules from the whole stylesheet, which the
 * browser applies once an island wakes (or a video may play). Why: docs/decisions/inline-stylesheet.md
 */
export function pageStylesheet(css: string): (classes: ReadonlySet<string>) => string {
  const pieces = compile(postcss.parse(css).nodes);
  return (classes) => emit(pieces, classes);
}

export interface InlineStylesheet {
  /** The whole stylesheet, as a page renders it inline. */
  css: string;
  /**
   * A rendered page with its inline stylesheet cut to the rules that page's HTML uses. A page without the whole
   * stylesheet inline (none in production) is left as it is: correct, only heavier.
   */
  cutFor(html: string): string;
}

export function inlineStylesheet(css: string): InlineStylesheet {
  const cut = pageStylesheet(css);
  const whole = `<style id="${inlineCssElementId}">${css}</style>`;
  return {
    css,
    cutFor(html) {
      const at = html.indexOf(whole);
      if (at === -1) return html;
      // The stylesheet itself names no class attribute, so the whole page is read as it is, without a copy.
      const page = cut(classesIn(html));
      return `${html.slice(0, at)}<style id="${inlineCssElementId}">${page}</style>${html.slice(at + whole.length)}`;
    },
  };
}
