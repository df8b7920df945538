import { describe, expect, test } from 'vitest';
import { classesIn, inlineStylesheet, pageStylesheet, requiredClasses } from './page-stylesheet.server.ts';

const css = [
  '/*! a licence */',
  '@layer theme;',
  '@property --tw-shadow{syntax:"*";inherits:false}',
  '@keyframes fade{from{opacity:0}to{opacity:1}}',
  '@layer base{*,:before{box-sizing:border-box}a{color:inherit}}',
  '@layer components{.card{padding:1rem}}',
  '@layer utilities{.flex{display:flex}.hidden{display:none}.md\\:grid{x:1}.w-1\\/2{width:50%}',
  '.toast,.btn{color:red}.\\[\\&_svg\\]\\:size-4 svg{width:1rem}',
  '@media (min-width:48rem){.md\\:grid{display:grid}.only-wide{display:block}}',
  '@media print{.only-print{display:none}}}',
].join('');

const cut = pageStylesheet(css);

describe('a page’s stylesheet', () => {
  test('keeps, in order, the rules the page’s classes can match and every rule that needs no class', () => {
    expect(cut(classesIn('<div class="flex md:grid"><a class="btn">Go</a></div>'))).toBe(
      [
        '/*! a licence */',
        '@layer theme;',
        '@property --tw-shadow{syntax:"*";inherits:false}',
        '@keyframes fade{from{opacity:0}to{opacity:1}}',
        '@layer base{*,:before{box-sizing:border-box}a{color:inherit}}',
        // The page needs none of the components, but their layer keeps its place before the utilities.
        '@layer components;',
        '@layer utilities{.flex{display:flex}.md\\:grid{x:1}.btn{color:red}',
        '@media (min-width:48rem){.md\\:grid{display:grid}}}',
      ].join(''),
    );
  });

  test('matches escaped class names to the HTML’s, entities included', () => {
    const classes = classesIn('<span class="w-1/2 [&amp;_svg]:size-4"><svg class="icon"></svg></span>');
    expect(classes).toEqual(new Set(['w-1/2', '[&_svg]:size-4', 'icon']));
    const kept = cut(classes);
    expect(kept).toContain('.w-1\\/2{width:50%}');
    expect(kept).toContain('.\\[\\&_svg\\]\\:size-4 svg{width:1rem}');
  });

  test('every rule of the whole stylesheet is there when a page uses every class', () => {
    const all = classesIn(
      '<p class="card flex hidden md:grid w-1/2 toast btn [&amp;_svg]:size-4 only-wide only-print"></p>',
    );
    expect(cut(all)).toBe(css);
  });
});

describe('the classes a selector needs', () => {
  test('every class outside a function, and those of a single selector in :is() or :where()', () => {
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(requiredClasses(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(requiredClasses(':is(:where(.group):focus-within *)')).toEqual(['group']);
    expect(requiredClasses('.\\31 0x')).toEqual(['10x']);
  });

  test('none that the rule may match without: in :not(), :has(), a list, an attribute or a string', () => {
    expect(requiredClasses('.card:not(.featured)')).toEqual(['card']);
    expect(requiredClasses('body:has(.menu:popover-open)')).toEqual([]);
    expect(requiredClasses(':is(.a,.b) p')).toEqual([]);
    expect(requiredClasses('[data-x=".y"] .z')).toEqual(['z']);
  });
});

describe('a rendered page’s inline stylesheet', () => {
  const stylesheet = inlineStylesheet(css);
  const page = (style: string) =>
    `<html><head><style id="site-css">${style}</style></head><body class="flex"><p class="toast">Hi</p></body></html>`;

  test('is cut to the rules of the page’s own classes', () => {
    expect(stylesheet.cutFor(page(css))).toBe(page(cut(new Set(['flex', 'toast']))));
    expect(stylesheet.cutFor(page(css))).not.toContain('.hidden{');
  });

  test('a page that does not carry the whole stylesheet is left as it is', () => {
    expect(stylesheet.cutFor(page('.other{}'))).toBe(page('.other{}'));
  });
});
