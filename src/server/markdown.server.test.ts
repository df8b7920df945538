import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './markdown.server.ts';

describe('renderMarkdown', () => {
  test('renders headings with ids, lists and emphasis', () => {
    const html = renderMarkdown('## Get Found First\n\n- one\n- **two**\n');
    expect(html).toContain('<h2 id="h-get-found-first">Get Found First</h2>');
    expect(html).toContain('<li><strong>two</strong></li>');
  });

  test.each([
    ['raw script', '<script>alert(1)</script>', '<script'],
    ['an inline event handler', '<img src=x onerror="alert(1)">', '<img'],
    ['a javascript: link', '[click](javascript:alert(1))', 'href="javascript'],
    ['an encoded javascript: link', '[click](jav&#x61;script:alert(1))', 'href="jav'],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD4=)', 'href="data:'],
    ['a vbscript: link', '[x](vbscript:msgbox)', 'href="vbscript'],
  ])('never lets %s reach the page', (_name, source, forbidden) => {
    expect(renderMarkdown(source)).not.toContain(forbidden);
  });

  test('outside links get rel="noopener noreferrer"; site links stay plain', () => {
    expect(renderMarkdown('[Google](https://support.google.com)')).toContain(
      '<a href="https://support.google.com" rel="noopener noreferrer">Google</a>',
    );
    expect(renderMarkdown('[consult](/start-project)')).toContain('<a href="/start-project">consult</a>');
  });
});

const chart = '/images/blog/a-post/chart-1a2b3c4d.webp';
const images = new Map([
  [chart, { width: 1200, height: 800, srcset: `/images/blog/a-post/chart-1a2b3c4d-480.webp 480w, ${chart} 1200w` }],
  ['/images/blog/a-post/plain.png', { width: 640, height: 480 }],
]);
const sizes = 'sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"';

describe('images in the body', () => {
  test('a local image gets its size, its copies, lazy loading and its alt text', () => {
    expect(renderMarkdown(`![Leads by month](${chart})`, { images })).toBe(
      `<p><img src="${chart}" srcset="/images/blog/a-post/chart-1a2b3c4d-480.webp 480w, ${chart} 1200w" ${sizes} ` +
        `alt="Leads by month" width="1200" height="800" loading="lazy" decoding="async"></p>\n`,
    );
    expect(renderMarkdown('![Plain](/images/blog/a-post/plain.png)', { images })).toBe(
      '<p><img src="/images/blog/a-post/plain.png" alt="Plain" width="640" height="480" loading="lazy" decoding="async"></p>\n',
    );
  });

  test('an image with a title alone on its line becomes a figure with that caption', () => {
    expect(renderMarkdown(`![Chart](${chart} "Leads by month, 2025")`, { images })).toBe(
      `<figure><img src="${chart}" srcset="/images/blog/a-post/chart-1a2b3c4d-480.webp 480w, ${chart} 1200w" ${sizes} ` +
        `alt="Chart" width="1200" height="800" loading="lazy" decoding="async">` +
        '<figcaption>Leads by month, 2025</figcaption></figure>\n',
    );
  });

  test('a titled image inside a sentence keeps its title as a tooltip (a figure cannot sit in a paragraph)', () => {
    expect(renderMarkdown('See ![x](https://cdn.example.com/x.jpg "Caption") here')).toBe(
      '<p>See <img src="https://cdn.example.com/x.jpg" alt="x" title="Caption" loading="lazy" decoding="async"> here</p>\n',
    );
  });

  test('a local image whose size is unknown (no such file) still renders, without width and height', () => {
    expect(renderMarkdown('![Gone](/images/blog/gone.webp)')).toBe(
      '<p><img src="/images/blog/gone.webp" alt="Gone" loading="lazy" decoding="async"></p>\n',
    );
  });

  test('a remote https image renders lazily, as it is', () => {
    expect(renderMarkdown('![Team](https://images.example-cdn.com/team.jpg?w=1200&q=80)')).toBe(
      '<p><img src="https://images.example-cdn.com/team.jpg?w=1200&amp;q=80" alt="Team" loading="lazy" decoding="async"></p>\n',
    );
  });

  test('alt text and captions are escaped; an empty alt stays empty (a decorative image)', () => {
    expect(renderMarkdown('![a "quoted" <b>alt</b>](/x.png "<script>&")')).toBe(
      '<figure><img src="/x.png" alt="a &quot;quoted&quot; &lt;b&gt;alt&lt;/b&gt;" loading="lazy" decoding="async">' +
        '<figcaption>&lt;script&gt;&amp;</figcaption></figure>\n',
    );
    expect(renderMarkdown('![](/x.png)')).toBe('<p><img src="/x.png" alt="" loading="lazy" decoding="async"></p>\n');
  });

  test.each([
    ['http:', '![Chart](http://example.com/chart.png)', '<p>Chart</p>\n'],
    ['protocol-relative //host', '![Chart](//evil.example/chart.png)', '<p>Chart</p>\n'],
    ['a path relative to the markdown file', '![Chart](./chart.png)', '<p>Chart</p>\n'],
    ['a bare relative path', '![Chart](images/chart.png)', '<p>Chart</p>\n'],
    ['a parent path', '![Chart](../chart.png)', '<p>Chart</p>\n'],
    ['a titled http: image', '![Chart](http://example.com/c.png "Caption")', '<p>Chart</p>\n'],
    // markdown-it's link check refuses these schemes, so they stay text: never an attribute.
    ['javascript:', '![x](javascript:alert(1))', '<p>![x](javascript:alert(1))</p>\n'],
    ['data:', '![x](data:image/png;base64,iVBORw0KGgo=)', '<p>![x](data:image/png;base64,iVBORw0KGgo=)</p>\n'],
    [
      'data: SVG',
      '![x](data:image/svg+xml,<svg onload=alert(1)>)',
      '<p>![x](data:image/svg+xml,&lt;svg onload=alert(1)&gt;)</p>\n',
    ],
  ])('an image from %s never reaches the page as a source: the alt text stands in', (_name, source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });

  test.each([
    [
      'a quote that tries to close the attribute',
      '![x](https://cdn.example.com/a"onerror="alert(1).png)',
      '<p><img src="https://cdn.example.com/a%22onerror=%22alert(1).png" alt="x" loading="lazy" decoding="async"></p>\n',
    ],
    [
      'quotes and a space in an angle-bracket URL',
      '![x](<https://cdn.example.com/a" onerror="b.png>)',
      '<p><img src="https://cdn.example.com/a%22%20onerror=%22b.png" alt="x" loading="lazy" decoding="async"></p>\n',
    ],
    [
      'a single quote in a site path',
      "![x](/images/it's.png)",
      '<p><img src="/images/it\'s.png" alt="x" loading="lazy" decoding="async"></p>\n',
    ],
    [
      'a backslash that browsers read as //',
      '![x](/\\evil.example/x.png)',
      '<p><img src="/%5Cevil.example/x.png" alt="x" loading="lazy" decoding="async"></p>\n',
    ],
  ])('%s stays inside the attribute', (_name, source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });
});

describe('video links', () => {
  const facade = (href: string, embed: string, title: string, provider: string) =>
    '<div class="video-facade">' +
    `<a class="video-facade-link" href="${href}" rel="noopener noreferrer" data-video-embed="${embed}" data-video-title="${title}">` +
    '<span class="video-facade-play" aria-hidden="true"></span>' +
    `<span class="video-facade-title">${title}</span>` +
    `<span class="video-facade-host">Play video · ${provider}</span></a></div>\n`;

  test('a YouTube link alone on its line becomes a facade titled with its text, playing from youtube-nocookie', () => {
    expect(renderMarkdown('[How search works](https://www.youtube.com/watch?v=BNHR6IQJGZs)')).toBe(
      facade(
        'https://www.youtube.com/watch?v=BNHR6IQJGZs',
        'https://www.youtube-nocookie.com/embed/BNHR6IQJGZs?autoplay=1',
        'How search works',
        'YouTube',
      ),
    );
  });

  test('a bare YouTube short link with a start time; a bare Vimeo link; each gets a sensible label', () => {
    expect(renderMarkdown('https://youtu.be/BNHR6IQJGZs?t=1m30s')).toBe(
      facade(
        'https://www.youtube.com/watch?v=BNHR6IQJGZs&amp;t=90s',
        'https://www.youtube-nocookie.com/embed/BNHR6IQJGZs?autoplay=1&amp;start=90',
        'YouTube video',
        'YouTube',
      ),
    );
    expect(renderMarkdown('<https://vimeo.com/76979871>')).toBe(
      facade(
        'https://vimeo.com/76979871',
        'https://player.vimeo.com/video/76979871?autoplay=1',
        'Vimeo video',
        'Vimeo',
      ),
    );
    expect(renderMarkdown('[Our studio tour](https://vimeo.com/76979871/abc123ef)')).toBe(
      facade(
        'https://vimeo.com/76979871/abc123ef',
        'https://player.vimeo.com/video/76979871?autoplay=1&amp;h=abc123ef',
        'Our studio tour',
        'Vimeo',
      ),
    );
  });

  test('a title with markup or quotes is escaped', () => {
    expect(renderMarkdown('[Say "hi" <now>](https://youtu.be/BNHR6IQJGZs)')).toContain(
      'data-video-title="Say “hi” &lt;now&gt;"',
    );
  });

  test.each([
    ['a video link inside a sentence', 'Watch [this](https://youtu.be/BNHR6IQJGZs) first.'],
    ['a link to a channel', '[Channel](https://www.youtube.com/@google)'],
    ['an id that is not an id', '[x](https://www.youtube.com/watch?v=short)'],
    ['another host', '[x](https://www.youtube.com.evil.example/watch?v=BNHR6IQJGZs)'],
    ['a Vimeo page that is not a video', '[x](https://vimeo.com/channels/staffpicks)'],
  ])('%s stays a plain link', (_name, source) => {
    expect(renderMarkdown(source)).not.toContain('video-facade');
    expect(renderMarkdown(source)).toContain('<a href=');
  });
});

describe('tables, code and lists', () => {
  test('a table sits in a box that scrolls sideways, named after its columns and reachable by keyboard', () => {
    expect(renderMarkdown('| Channel | Cost |\n|---|--:|\n| Google | $30 |\n')).toBe(
      '<div class="table-scroll" role="region" aria-label="Table: Channel, Cost" tabindex="0">\n<table>\n' +
        '<thead>\n<tr>\n<th>Channel</th>\n<th style="text-align:right">Cost</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td>Google</td>\n<td style="text-align:right">$30</td>\n</tr>\n</tbody>\n</table>\n</div>\n',
    );
  });

  test('code blocks can take the keyboard focus (they scroll inside)', () => {
    expect(renderMarkdown('```html\n<img src="x">\n```\n')).toBe(
      '<pre tabindex="0"><code class="language-html">&lt;img src=&quot;x&quot;&gt;\n</code></pre>\n',
    );
    expect(renderMarkdown('    indented\n')).toBe('<pre tabindex="0"><code>indented\n</code></pre>\n');
  });

  test('nested lists and blockquotes', () => {
    expect(renderMarkdown('- a\n  - b\n\n> quoted')).toBe(
      '<ul>\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n',
    );
  });
});
