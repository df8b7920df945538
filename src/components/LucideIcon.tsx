/** An SVG element of a lucide icon: its tag, attributes and children. */
export type LucideIconNode = readonly [
  tag: string,
  attributes: Readonly<Record<string, string | number>>,
  children?: readonly LucideIconNode[],
];

/** A lucide icon's data, as `lucide-react/icons/<name>` exports it (`__iconData`). */
export interface LucideIconData {
  name: string;
  node: readonly LucideIconNode[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function markup([tag, attributes, children]: LucideIconNode): string {
  const attributeText = Object.entries(attributes)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<${tag}${attributeText}>${children?.map(markup).join('') ?? ''}</${tag}>`;
}

const built = new WeakMap<LucideIconData, { iconClass: string; inner: { __html: string } }>();

/**
 * A lucide icon, rendered as one element. lucide-react's components build each icon's SVG elements on every
 * render: with 45 icons on the home page, that was a quarter of the elements React rendered on the server and
 * hydrated in the browser, and two-fifths of the attributes. Here an icon's inner markup is built once, and its
 * presentation attributes (stroke, fill, default size) are the `.lucide` rule in styles.css. The class names
 * are lucide's own (`lucide lucide-<name>`).
 *
 * Every icon on the site is decorative, beside text that says what it means: hidden from assistive technology.
 */
export function LucideIcon({ icon, className }: { icon: LucideIconData; className?: string }) {
  let svg = built.get(icon);
  if (!svg) {
    svg = { iconClass: `lucide lucide-${icon.name}`, inner: { __html: icon.node.map(markup).join('') } };
    built.set(icon, svg);
  }
  return (
    <svg
      className={className ? `${svg.iconClass} ${className}` : svg.iconClass}
      viewBox="0 0 24 24"
      aria-hidden="true"
      dangerouslySetInnerHTML={svg.inner}
    />
  );
}
