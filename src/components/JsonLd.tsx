import type { Thing, WithContext } from 'schema-dts';
import { toScriptSafeJson } from '../browser/lib/safe-json.ts';

/** Structured data as a non-executable JSON block, escaped so that no text in it can close the element. */
export function JsonLd({ data }: { data: WithContext<Thing> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: toScriptSafeJson(data) }} />;
}
