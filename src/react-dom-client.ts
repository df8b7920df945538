/**
 * React DOM's client, imported by the entry through this module. Rolldown wraps a CommonJS package in a function
 * that runs where the package is first imported: this module sits in the react chunk (vite.config.ts), so React
 * DOM's own code runs when that chunk is evaluated, in a task of its own, not in the entry's task. The build
 * fails if it stops doing so (build/workarounds.ts). Why: docs/decisions/build-transforms.md
 */
export { hydrateRoot } from 'react-dom/client';
