import type { SectionCopy } from '../content/sections.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

interface SectionHeadingProps {
  id: string;
  copy: SectionCopy;
  tone?: 'dark' | 'light';
  align?: 'center' | 'start';
}

/** Eyebrow, h2 and (optional) introduction at the top of a page section; `id` labels the section. */
export function SectionHeading({ id, copy, tone = 'dark', align = 'center' }: SectionHeadingProps) {
  const light = tone === 'light';
  return (
    <div className={`max-w-2xl ${align === 'center' ? 'mx-auto text-center' : ''}`}>
      <p className={light ? 'text-sm font-semibold tracking-wider text-sand-300 uppercase' : 'eyebrow'}>
        <KeepTogether text={copy.eyebrow} />
      </p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${light ? 'text-white' : 'text-ink'}`}
      >
        <KeepTogether text={copy.title} />
      </h2>
      {copy.intro && (
        <p className={`mt-4 text-lg leading-8 ${light ? 'text-slate-200' : 'text-slate-600'}`}>
          <KeepTogether text={copy.intro} />
        </p>
      )}
    </div>
  );
}
