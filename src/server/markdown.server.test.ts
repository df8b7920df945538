import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './markdown.server.ts';

describe('renderMarkdown', () => {
  test('renders headings with ids, lists and emphasis', () => {
    const html = renderMarkdown('## Get Found First\n\n- one\n- **two**\n');
    expect(html).toContain('<h2 id="get-found-first">Get Found First</h2>');
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
