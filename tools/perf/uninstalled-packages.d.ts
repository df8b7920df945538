// The two packages this folder installs for itself (`npm ci --prefix tools/perf`), typed as far as the tools use
// them, so that the root's `npm run typecheck` checks tools/perf without that install, as CI does. This folder's own
// typecheck (`npm --prefix tools/perf run typecheck`) leaves this file out and reads the packages' real types.
declare module 'lighthouse' {
  export interface Result {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
    runtimeError?: { code: string; message: string };
  }
  export default function lighthouse(
    url: string,
    flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
  ): Promise<{ lhr: Result } | undefined>;
}

declare module 'chrome-launcher' {
  export interface LaunchedChrome {
    port: number;
    kill(): void;
  }
  export function launch(options: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
}
