import { createContext, use } from 'react';
import type { NewsletterFormState } from './newsletter.ts';

/**
 * The newsletter sign-up's state as the server renders it: the form's token, and a returned plain post's values and
 * problems. Pages read it on the server (the sign-up, the title's error prefix); the sign-up's island gets it as its
 * props.
 */
export const NewsletterFormStateContext = createContext<NewsletterFormState>({ token: '' });

export function useNewsletterFormState(): NewsletterFormState {
  return use(NewsletterFormStateContext);
}
