/** A phone number as a `tel:` link, in international form: "02 4000 1234" → "tel:+61240001234". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '').replace(/^0/, '+61')}`;
}
