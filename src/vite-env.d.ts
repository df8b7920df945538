/// <reference types="vite/client" />

// Served by @vitejs/plugin-react: the fast-refresh preamble in development, an empty module in a build.
declare module '@vitejs/plugin-react/preamble';
