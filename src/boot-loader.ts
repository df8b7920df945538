/**
 * The page's only script tag. The page is complete HTML and CSS; its scripts only make it interactive, so they
 * are fetched after the first paint and never compete with the page (or its first image) for a slow phone's
 * bandwidth. Then every chunk is fetched at once and evaluated in turn, one task each (React, the app, then the
 * entry, which hydrates): a slow phone can handle a tap between two, where one task for all of them would
 * block it for the whole time.
 */
import type { BootData } from './app/boot-data.ts';

// The id of BootData's element (bootDataElementId), written out so that this file imports no chunk.
const bootDataElementId = 'boot-data';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function evaluateInTurn(scripts: string[]) {
  try {
    for (const src of scripts) {
      await import(/* @vite-ignore */ src);
      await nextTask();
    }
  } catch {
    // Gone (a cached page outlived its release) or the network dropped: the page works as plain HTML.
  }
}

function loadScripts() {
  const { assets } = JSON.parse(document.getElementById(bootDataElementId)?.textContent ?? '{}') as BootData;
  const [first, ...later] = assets.scripts;
  for (const href of [...later, ...assets.modulePreloads]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (first) void evaluateInTurn(assets.scripts);
}

requestAnimationFrame(() => setTimeout(loadScripts, 0));
