import { Calendar, ChartColumn, House } from 'lucide-react';
import { __iconData as calendarIcon } from 'lucide-react/icons/calendar';
import { __iconData as chartColumnIcon } from 'lucide-react/icons/chart-column';
import { __iconData as houseIcon } from 'lucide-react/icons/house';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { LucideIcon, type LucideIconData } from './LucideIcon.tsx';

const innerMarkup = (html: string) => /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(html)?.[1];

describe('LucideIcon', () => {
  test.each([
    ['calendar', calendarIcon, Calendar],
    ['chart-column', chartColumnIcon, ChartColumn],
    ['house', houseIcon, House],
  ] as [string, LucideIconData, ComponentType][])(
    'draws %s exactly as lucide-react does, as one decorative element with lucide’s classes',
    (name, icon, LucideReactIcon) => {
      const html = renderToStaticMarkup(<LucideIcon icon={icon} className="size-4 text-sea-700" />);
      expect(html).toMatch(
        new RegExp(`^<svg class="lucide lucide-${name} size-4 text-sea-700" viewBox="0 0 24 24" aria-hidden="true">`),
      );
      const inner = innerMarkup(html);
      expect(inner).toBeTruthy();
      expect(inner).toBe(innerMarkup(renderToStaticMarkup(<LucideReactIcon />)));
    },
  );

  test('without a class of its own, carries only lucide’s', () => {
    expect(renderToStaticMarkup(<LucideIcon icon={calendarIcon} />)).toMatch(/^<svg class="lucide lucide-calendar" /);
  });
});
