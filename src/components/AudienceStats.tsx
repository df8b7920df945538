import { audience } from '../content/home.ts';

interface AudienceStatsProps {
  className: string;
  itemClassName: string;
  labelClassName: string;
  valueClassName: string;
}

/**
 * The newsletter's figures as a description list. Each label comes before its value, as a screen
 * reader should hear it; the layout puts the value first (flex-col-reverse or flex-row-reverse in itemClassName).
 */
export function AudienceStats({ className, itemClassName, labelClassName, valueClassName }: AudienceStatsProps) {
  return (
    <dl className={className}>
      {audience.stats.map((stat) => (
        <div key={stat.label} className={itemClassName}>
          <dt className={labelClassName}>{stat.label}</dt>
          <dd className={valueClassName}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
