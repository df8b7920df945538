// lucide has no brand marks; these are the networks' simple glyphs.
const brandPaths = {
  x: 'M18.9 2H22l-6.8 7.8L23.2 22h-6.3l-4.9-6.4L6.4 22H3.3l7.3-8.3L2.9 2h6.4l4.4 5.9L18.9 2Zm-1.1 18h1.7L8.3 3.9H6.5L17.8 20Z',
  facebook:
    'M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.5c0-.9.3-1.6 1.6-1.6h1.7V4.1c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.3v3.2h2.8V22h3.4Z',
  linkedin:
    'M20.4 20.5h-3.6v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9v5.7H9.4V9h3.4v1.6h.1c.5-.9 1.6-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.5v6.2ZM5.3 7.4a2.1 2.1 0 1 1 0-4.2 2.1 2.1 0 0 1 0 4.2ZM7.1 20.5H3.6V9h3.5v11.5Z',
} as const;

function BrandIcon({ name }: { name: keyof typeof brandPaths }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <path d={brandPaths[name]} />
    </svg>
  );
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const targets = [
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, icon: 'x' },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, icon: 'facebook' },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, icon: 'linkedin' },
  ] as const;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm font-semibold text-slate-700">Share this article</p>
      <ul className="flex gap-2">
        {targets.map(({ name, href, icon }) => (
          <li key={name}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${name} (opens in a new tab)`}
              className="inline-flex size-11 items-center justify-center rounded-full border border-slate-200 text-harbour-800 hover:border-sea-600 hover:bg-sea-50"
            >
              <BrandIcon name={icon} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
