/**
 * `path` without its trailing slashes. A loop, not `/\/+$/`: V8 runs that regex in time quadratic in a run of
 * slashes that does not end the string, so one request with thousands of slashes could hold the server.
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end -= 1;
  return path.slice(0, end);
}
