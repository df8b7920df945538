import { describe, expect, test } from 'vitest';
import { pageWindow } from './Pagination.tsx';

describe('pageWindow', () => {
  test('shows every page of a short blog', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('keeps a long blog’s bar short: first, last and two either side, with gaps', () => {
    expect(pageWindow(1, 1667)).toEqual([1, 2, 3, null, 1667]);
    expect(pageWindow(500, 1667)).toEqual([1, null, 498, 499, 500, 501, 502, null, 1667]);
    expect(pageWindow(1667, 1667)).toEqual([1, null, 1665, 1666, 1667]);
  });

  test('fills a gap of one page with that page rather than an ellipsis', () => {
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 10]);
  });
});
