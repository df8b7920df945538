import type { HubSpotSettings } from '../../shared/hubspot-settings.ts';
import { loadScript } from './load-script.ts';

interface HubSpotCreateOptions extends HubSpotSettings {
  target: string;
  onFormReady?: (form: unknown) => void;
  onFormSubmitted?: (form: unknown, data: unknown) => void;
}

declare global {
  interface Window {
    hbspt?: { forms: { create(options: HubSpotCreateOptions): void } };
  }
}

export function hubspotScriptUrl(region: string): string {
  return `https://js-${region}.hsforms.net/forms/embed/v2.js`;
}

// React StrictMode and quick remounts run effects twice; the provider must create each form only once.
const embedded = new WeakMap<Element, Promise<void>>();

/** The provider hands callbacks a jQuery-like wrapper or the form element itself, depending on the page. */
function toFormElement(form: unknown): HTMLFormElement | null {
  if (form instanceof HTMLFormElement) return form;
  if (form && typeof form === 'object' && 0 in form && form[0] instanceof HTMLFormElement) return form[0];
  return null;
}

function fillHiddenField(form: unknown, name: string, value: string) {
  const input = toFormElement(form)?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) return;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

interface EmbedOptions {
  settings: HubSpotSettings;
  /** The form's hidden fields, filled in once it is ready (the package the page was opened with, `?plan=`). */
  context: Record<string, string | undefined>;
  /** With the values sent, where the provider's embed gives them (its recent versions do). */
  onSubmitted: (values: Record<string, string>) => void;
}

/** The values the provider's `onFormSubmitted` hands over (`data.submissionValues`), as text; none when absent. */
export function submittedValues(data: unknown): Record<string, string> {
  const values = data && typeof data === 'object' && 'submissionValues' in data ? data.submissionValues : undefined;
  if (!values || typeof values !== 'object') return {};
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

/**
 * Loads the provider's script (once per page) and creates the form in `container` (once per container). Resolves
 * when the provider reports the form ready (rendered), rejects when the script cannot load.
 */
export function embedHubSpotForm(container: HTMLElement, options: EmbedOptions): Promise<void> {
  let embedding = embedded.get(container);
  if (!embedding) {
    embedding = createForm(container, options);
    embedded.set(container, embedding);
  }
  return embedding;
}

async function createForm(container: HTMLElement, { settings, context, onSubmitted }: EmbedOptions): Promise<void> {
  await loadScript(hubspotScriptUrl(settings.region));
  const forms = window.hbspt?.forms;
  if (!forms) throw new Error('The form provider’s script loaded without its API');
  await new Promise<void>((resolve) => {
    forms.create({
      ...settings,
      target: `#${container.id}`,
      onFormReady: (form) => {
        for (const [name, value] of Object.entries(context)) if (value) fillHiddenField(form, name, value);
        resolve();
      },
      onFormSubmitted: (_form, data) => onSubmitted(submittedValues(data)),
    });
  });
}
