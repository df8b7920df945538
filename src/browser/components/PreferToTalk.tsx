import { consultSection } from '../../content/sections.ts';
import { ContactLinks } from './ContactLinks.tsx';

/** The studio's phone and email under a consult form's button, for a visitor who would rather call or write. */
export function PreferToTalk() {
  return (
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-6">
      <p className="font-semibold text-ink">{consultSection.contactLead}</p>
      <ContactLinks />
    </div>
  );
}
