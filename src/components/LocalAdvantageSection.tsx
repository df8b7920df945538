import { localAdvantage } from '../content/home.ts';
import { IconCard } from './IconCard.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function LocalAdvantageSection() {
  return (
    <section aria-labelledby="advantage-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="advantage-heading" copy={localAdvantage} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {localAdvantage.points.map((point) => (
            <IconCard key={point.title} icon={point.icon} title={point.title} description={point.description} />
          ))}
        </ul>
      </div>
    </section>
  );
}
