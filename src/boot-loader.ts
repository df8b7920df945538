/**
 * The page's only script tag. The page is complete HTML and CSS; its scripts only make it interactive, so they
 * are fetched after the first paint and never compete with the page (or its first image) for a slow phone's
 * bandwidth. Then the route's chunks download in parallel with the entry, which hydrates.
 */
import type { BootData } from './app/boot-data.ts';

// The id of BootData's element (bootDataElementId), written out so that this file imports no chunk.
const bootDataElementId = 'boot-data';

function loadScripts() {
  const { assets } = JSON.parse(document.getElementById(bootDataElementId)?.textContent ?? '{}') as BootData;
  for (const href of assets.modulePreloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  for (const src of assets.scripts)
    import(/* @vite-ignore */ src).catch(() => {
      // Gone (a cached page outlived its release) or the network dropped: the page works as plain HTML.
    });
}

requestAnimationFrame(() => setTimeout(loadScripts, 0));
