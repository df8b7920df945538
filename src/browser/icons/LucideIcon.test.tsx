import { Calendar, ChartColumn } from 'lucide';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { LucideIcon } from './LucideIcon.tsx';

describe('LucideIcon', () => {
  test('draws an icon as one decorative element with lucide’s classes and its shapes inside', () => {
    expect(renderToStaticMarkup(<LucideIcon icon={Calendar} name="calendar" className="size-4 text-sea-700" />)).toBe(
      '<svg class="lucide lucide-calendar size-4 text-sea-700" viewBox="0 0 24 24" aria-hidden="true">' +
        '<path d="M8 2v3"></path><path d="M16 2v3"></path>' +
        '<rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path></svg>',
    );
  });

  test('draws each of an icon’s shapes', () => {
    const html = renderToStaticMarkup(<LucideIcon icon={ChartColumn} name="chart-column" />);
    expect(html.match(/<path /g)).toHaveLength(ChartColumn.length);
  });

  test('without a class of its own, carries only lucide’s', () => {
    expect(renderToStaticMarkup(<LucideIcon icon={Calendar} name="calendar" />)).toMatch(
      /^<svg class="lucide lucide-calendar" /,
    );
  });
});
