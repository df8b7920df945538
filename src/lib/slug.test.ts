import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../server/markdown.server.ts';
import { maxSlugLength as schemaMaxSlugLength } from './store-schema.ts';
import { maxSlugLength, slugify } from './slug.ts';

describe('slugify', () => {
  test('"&" reads "and"', () => {
    expect(slugify('Brand & Design')).toBe('brand-and-design');
    expect(slugify('Q&A')).toBe('q-and-a');
  });

  test('apostrophes vanish instead of splitting words', () => {
    expect(slugify("Here's Why Newcastle's Cafes Win")).toBe('heres-why-newcastles-cafes-win');
    expect(slugify('It’s ‘curly’')).toBe('its-curly');
  });

  test('accents are dropped', () => {
    expect(slugify('Café Crème Brûlée à Maitland')).toBe('cafe-creme-brulee-a-maitland');
  });

  test('emoji separate words and never reach the slug', () => {
    expect(slugify('🚀 Launch day 🎉 recap')).toBe('launch-day-recap');
    expect(slugify('🔥🔥')).toBe('');
  });

  test('a long title is cut at a word boundary within the limit', () => {
    const slug = slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
    expect(slug.endsWith('word')).toBe(true);
  });

  test('heading ids use the same function as post slugs, after a prefix no page id has', () => {
    const html = renderMarkdown("## Tips & Tricks: Here's Café 🚀 Advice");
    expect(html).toContain(`<h2 id="h-${slugify("Tips & Tricks: Here's Café 🚀 Advice")}">`);
    expect(html).toContain('<h2 id="h-tips-and-tricks-heres-cafe-advice">');
  });
});

test('slugify cuts at the length the store schema accepts', () => {
  expect(maxSlugLength).toBe(schemaMaxSlugLength);
});
