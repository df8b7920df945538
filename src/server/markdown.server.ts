import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import type { PlanId } from '../content/plan-titles.ts';
import { slugify } from '../lib/slug.ts';
import { isRemoteImage } from '../lib/post-image.ts';
import type { LocalImages } from './body-images.server.ts';
import { fitsOnALine, unbreakableWords } from '../shared/unbreakable-words.ts';
import { escapeHtml } from './escape-html.server.ts';
import { videoFacadeHtml, videoLink } from './markdown-video.server.ts';

/**
 * What the renderer knows besides the markdown: the size and copies of the site's own images, and the package the
 * post ends with, which its links to the consult form choose too.
 */
export interface RenderEnv {
  images?: LocalImages;
  plan?: PlanId;
  [key: string]: unknown;
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// markdown-it's default validateLink already refuses javascript:, vbscript:, file: and most data: URLs;
// this narrows links to the schemes a blog post needs.
const allowedLink = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/)/i;
markdown.validateLink = (url) => allowedLink.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim());

// A heading's id is the site's one slug of its text ("section" when it has no letters or digits) after `h-`, which
// begins none of the page's own ids: a heading called "Boot data" would otherwise take the id the page's scripts
// read. A link inside the post to a heading by its bare slug (`#boot-data`) is pointed at it.
// Why: docs/decisions/heading-ids.md
const headingIdPrefix = 'h-';
markdown.use(anchor, { slugify: (text: string) => `${headingIdPrefix}${slugify(text) || 'section'}`, tabIndex: false });
markdown.core.ruler.push('links_to_headings', (state) => {
  const ids = new Set(
    state.tokens.filter((token) => token.type === 'heading_open').map((token) => token.attrGet('id')),
  );
  for (const child of state.tokens.flatMap((token) => token.children ?? [])) {
    const target = child.type === 'link_open' ? /^#(.+)$/.exec(String(child.attrGet('href') ?? ''))?.[1] : undefined;
    if (target && !ids.has(target) && ids.has(`${headingIdPrefix}${target}`)) {
      child.attrSet('href', `#${headingIdPrefix}${target}`);
    }
  }
});

// A link in the post to the consult form (`/start-project`, with or without a fragment) chooses the package the post
// ends with, as the card's button under it does; a link that already names a plan, or other parameters, is left.
const consultFormLink = /^\/start-project\/?(#.*)?$/;
markdown.core.ruler.push('consult_links_choose_the_plan', (state) => {
  const plan = (state.env as RenderEnv).plan;
  if (!plan) return;
  for (const child of state.tokens.flatMap((token) => token.children ?? [])) {
    const href = child.type === 'link_open' ? String(child.attrGet('href') ?? '') : '';
    const match = consultFormLink.exec(href);
    if (match) child.attrSet('href', `/start-project?plan=${plan}${match[1] ?? ''}`);
  }
});

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// ------------------------------------------------------------------------------------------------ images

/**
 * Where an image may come from: a site path (one leading slash; `//host` and `/\host` are other hosts) or an
 * https:// URL. Anything else (http:, data:, javascript:, a path relative to a markdown file that is not on the
 * site) would be insecure, blocked by the CSP or broken, so the reader gets the alt text instead.
 */
function imageSource(src: string): 'site' | 'remote' | undefined {
  if (/^\/(?![/\\])[^\s"<>\\`]*$/.test(src)) return 'site';
  return isRemoteImage(src) ? 'remote' : undefined;
}

/** The prose column is at most 720 px wide (max-w-3xl less its padding); on phones, the screen less 2 rem. */
const bodyImageSizes = '(min-width: 768px) 720px, calc(100vw - 2rem)';

/** A token's attribute as a string ('' when it has none). */
const attr = (token: Token, name: string) => String(token.attrGet(name) ?? '');

function imageHtml(token: Token, alt: string, env: RenderEnv): string {
  const src = attr(token, 'src');
  const kind = imageSource(src);
  if (!kind) return escapeHtml(alt);
  const attributes: [string, string | number | undefined][] = [['src', src]];
  const local = kind === 'site' ? env.images?.get(src) : undefined;
  if (local?.srcset) attributes.push(['srcset', local.srcset], ['sizes', bodyImageSizes]);
  attributes.push(['alt', alt], ['width', local?.width], ['height', local?.height]);
  const title = attr(token, 'title');
  if (title && !token.meta?.figure) attributes.push(['title', title]);
  attributes.push(['loading', 'lazy'], ['decoding', 'async']);
  const img = `<img${attributes
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('')}>`;
  return token.meta?.figure && title ? `${img}<figcaption>${escapeHtml(title)}</figcaption>` : img;
}

markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  return imageHtml(token, self.renderInlineAsText(token.children ?? [], options, env), (env ?? {}) as RenderEnv);
};

// ------------------------------------------------------------------------------- blocks made of one thing

/** A paragraph's inline children without the blank text and line breaks around them. */
function meaningful(children: Token[]): Token[] {
  return children.filter((child) => !(child.type === 'softbreak' || (child.type === 'text' && !child.content.trim())));
}

/**
 * A paragraph holding only an image with a title (`![alt](x.webp "Caption")`) becomes a figure with that caption;
 * one holding only a YouTube or Vimeo link becomes a video facade (see markdown-video.server.ts).
 */
function blocksOfOne(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    const [open, inline, close] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (open.type !== 'paragraph_open' || open.hidden || inline.type !== 'inline' || close.type !== 'paragraph_close')
      continue;
    const children = meaningful(inline.children ?? []);
    const [first] = children;
    if (children.length === 1 && first?.type === 'image' && attr(first, 'title')) {
      if (!imageSource(attr(first, 'src'))) continue;
      first.meta = { ...first.meta, figure: true };
      open.tag = close.tag = 'figure';
      continue;
    }
    const last = children[children.length - 1];
    if (first?.type !== 'link_open' || last?.type !== 'link_close') continue;
    if (children.slice(1, -1).some((child) => child.type === 'link_open')) continue;
    const video = videoLink(attr(first, 'href'));
    if (!video) continue;
    const text = markdown.renderer.renderInlineAsText(children.slice(1, -1), markdown.options, state.env);
    const facade = new state.Token('video_facade', 'div', 0);
    facade.block = true;
    facade.map = open.map;
    // A bare or autolinked URL says nothing about the video; the provider's name does better.
    const written = first.markup === 'linkify' || first.markup === 'autolink' || text.trim() === video.href;
    facade.meta = { video, title: written ? `${video.provider} video` : text.trim() };
    tokens.splice(i, 3, facade);
  }
}

markdown.core.ruler.push('blocks_of_one', blocksOfOne);
markdown.renderer.rules.video_facade = (tokens, idx) => {
  const { video, title } = tokens[idx]!.meta as { video: NonNullable<ReturnType<typeof videoLink>>; title: string };
  return videoFacadeHtml(video, title);
};

// ------------------------------------------------------------------------------------- tables and code

/** The text of a table's header cells, to name the scrolling box that holds it. */
function headerText(tokens: Token[], from: number): string {
  const cells: string[] = [];
  for (let i = from; i < tokens.length && tokens[i]!.type !== 'thead_close'; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'inline')
      cells.push(markdown.renderer.renderInlineAsText(token.children ?? [], markdown.options, {}));
  }
  return cells.filter(Boolean).join(', ');
}

// A wide table scrolls inside its own box rather than making the page scroll sideways; the box can take the
// keyboard focus (so it scrolls with the arrow keys) and is named after the table's columns.
// No hyphenated word or email address breaks across lines in a post either (as on the site's pages).
markdown.renderer.rules.text = (tokens, idx) =>
  escapeHtml(tokens[idx]!.content).replace(unbreakableWords, (word) =>
    fitsOnALine(word) ? `<span class="whitespace-nowrap">${word}</span>` : word,
  );
markdown.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
  const columns = headerText(tokens, idx);
  const label = columns ? `Table: ${columns}` : 'Table';
  return `<div class="table-scroll" role="region" aria-label="${escapeHtml(label)}" tabindex="0">\n${self.renderToken(tokens, idx, options)}`;
};
markdown.renderer.rules.table_close = (tokens, idx, options, _env, self) =>
  `${self.renderToken(tokens, idx, options)}</div>\n`;

// Code scrolls inside its block; tabindex lets a keyboard user scroll it too.
for (const rule of ['fence', 'code_block'] as const) {
  const base = markdown.renderer.rules[rule]!;
  markdown.renderer.rules[rule] = (...args) => base(...args).replace(/^<pre>/, '<pre tabindex="0">');
}

/**
 * The one markdown renderer: a post's markdown to safe HTML (raw HTML off). `env.images` gives the size and
 * copies of the site's own images, read when the store loads.
 */
export function renderMarkdown(source: string, env: RenderEnv = {}): string {
  return markdown.render(source, { ...env });
}
