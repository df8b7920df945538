import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// markdown-it's default validateLink already refuses javascript:, vbscript:, file: and most data: URLs;
// this narrows links to the schemes a blog post needs.
const allowedLink = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/)/i;
markdown.validateLink = (url) => allowedLink.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim());

markdown.use(anchor, { slugify: slugifyHeading, tabIndex: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
