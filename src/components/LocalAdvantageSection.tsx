import { localAdvantage } from '../content/home.ts';
import { ContentIcon } from './ContentIcon.tsx';

export function LocalAdvantageSection() {
  return (
    <section aria-labelledby="advantage-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Why local media</p>
          <h2 id="advantage-heading" className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {localAdvantage.title}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">{localAdvantage.intro}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {localAdvantage.points.map((point) => (
            <li key={point.title} className="card fade-in p-6 sm:p-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
                <ContentIcon name={point.icon} />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{point.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{point.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
