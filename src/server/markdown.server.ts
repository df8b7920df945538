import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import { slugify } from '../lib/slug.ts';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// markdown-it's default validateLink already refuses javascript:, vbscript:, file: and most data: URLs;
// this narrows links to the schemes a blog post needs.
const allowedLink = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/)/i;
markdown.validateLink = (url) => allowedLink.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim());

// Heading ids use the site's one slug function; a heading with no letters or digits gets "section".
markdown.use(anchor, { slugify: (text: string) => slugify(text) || 'section', tabIndex: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
