import type { IconName } from '../content/icons.ts';
import { ContentIcon } from './ContentIcon.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

interface IconCardProps {
  icon: IconName;
  title: string;
  description: string;
}

/** A list item card: an icon in a tile, a title and a sentence (the home page's and About's reasons). */
export function IconCard({ icon, title, description }: IconCardProps) {
  return (
    <li className="card fade-in p-6 sm:p-8">
      <span className="flex size-12 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
        <ContentIcon name={icon} />
      </span>
      <h3 className="mt-5 text-xl font-bold text-ink">
        <KeepTogether text={title} />
      </h3>
      <p className="mt-2 leading-7 text-slate-600">
        <KeepTogether text={description} />
      </p>
    </li>
  );
}
