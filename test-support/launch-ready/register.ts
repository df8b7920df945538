import { register } from 'node:module';

// Loaded with `--import` after tsx (NODE_OPTIONS), so that the hooks, written in TypeScript, load too.
register('./content-hooks.ts', import.meta.url);
