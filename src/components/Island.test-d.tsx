// Checked by `npm run typecheck`, never run: each `@ts-expect-error` fails the typecheck if its line compiles.
import type { IslandProps, Json } from '../browser/islands/registry.ts';
import { Island } from './Island.tsx';

export const rightProps = <Island name="consult-form" props={{ planId: 'growth', pagePath: '/' }} wake="use" />;

// @ts-expect-error A prop the island's component does not have.
export const unknownProp = <Island name="consult-form" props={{ plan: 'growth', pagePath: '/' }} wake="use" />;

// @ts-expect-error A prop of the wrong type.
export const wrongType = <Island name="consult-form" props={{ planId: 3, pagePath: '/' }} wake="use" />;

// @ts-expect-error A required prop left out.
export const missingProp = <Island name="consult-form" props={{ planId: 'growth' }} wake="use" />;

// An island whose component took a function, or a date, could not be given one: JSON carries neither.
type NotJson = Json<{ onSent: () => void; sentAt: Date; label: string }>;
// @ts-expect-error A function is not JSON.
export const functionProp: NotJson['onSent'] = () => undefined;
// @ts-expect-error A date is not JSON (it would arrive as a string).
export const dateProp: NotJson['sentAt'] = new Date();
export const textProp: NotJson['label'] = 'JSON';

export type ConsultFormProps = IslandProps<'consult-form'>;
