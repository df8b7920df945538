import { afterEach, describe, expect, test, vi } from 'vitest';
import { whenShown } from './page-shown.ts';

/** A document as the browser has it while prerendering: `prerendering` true until `activate()`. */
function prerenderedDocument() {
  const target = new EventTarget();
  let prerendering = true;
  const fake = Object.assign(target, {
    get prerendering() {
      return prerendering;
    },
    activate() {
      prerendering = false;
      target.dispatchEvent(new Event('prerenderingchange'));
    },
  });
  vi.stubGlobal('document', fake);
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whenShown', () => {
  test('a page shown at once starts at once', () => {
    vi.stubGlobal('document', Object.assign(new EventTarget(), { prerendering: false }));
    const start = vi.fn();
    whenShown(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  test('a browser without prerendering (no document.prerendering) starts at once', () => {
    vi.stubGlobal('document', new EventTarget());
    const start = vi.fn();
    whenShown(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  test('a prerendered page starts nothing until it is shown, then once, reading what is there then', () => {
    const page = prerenderedDocument();
    const storage = new Map([['draft', 'Ja']]);
    const read: (string | undefined)[] = [];
    whenShown(() => read.push(storage.get('draft')));
    // The visitor goes on typing on the page they are on while this one waits, unseen.
    storage.set('draft', 'Jane');
    expect(read).toEqual([]);
    page.activate();
    expect(read).toEqual(['Jane']);
    // Activation happens once; a stray second event starts nothing again.
    page.dispatchEvent(new Event('prerenderingchange'));
    expect(read).toEqual(['Jane']);
  });
});
