import type { IconNode } from 'lucide';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function markup([tag, attributes]: IconNode[number]): string {
  const attributeText = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<${tag}${attributeText}></${tag}>`;
}

const inner = new WeakMap<IconNode, { __html: string }>();

/**
 * A lucide icon, from the `lucide` package's data (`import { Calendar } from 'lucide'`), rendered as one element
 * whose inner markup is built once. The presentation attributes (stroke, fill, default size) are the `.lucide`
 * rule in styles.css; the class names are lucide's own (`lucide lucide-<name>`).
 * Why: docs/decisions/icons.md
 *
 * Every icon on the site is decorative, beside text that says what it means: hidden from assistive technology.
 */
export function LucideIcon({ icon, name, className }: { icon: IconNode; name: string; className?: string }) {
  let html = inner.get(icon);
  if (!html) {
    html = { __html: icon.map(markup).join('') };
    inner.set(icon, html);
  }
  const iconClass = `lucide lucide-${name}`;
  return (
    <svg
      className={className ? `${iconClass} ${className}` : iconClass}
      viewBox="0 0 24 24"
      aria-hidden="true"
      dangerouslySetInnerHTML={html}
    />
  );
}
