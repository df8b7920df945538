import { addOns, findPlan, type PlanId } from '../content/packages.ts';
import { postPackageCallToAction } from '../content/page-copy/blog-post.ts';
import { PackageCard } from './PackageCard.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

/**
 * The end of every post: its package's card (its price
 * from the offer, with GST) and its button to /start-project with the plan chosen.
 */
export function PostPackage({ planId }: { planId: PlanId }) {
  const plan = findPlan(planId);
  if (!plan) return null;
  return (
    <aside aria-labelledby="post-cta-heading" className="mt-10">
      <h2 id="post-cta-heading" className="text-2xl font-bold text-ink">
        {postPackageCallToAction.heading}
      </h2>
      <p className="mt-2 text-slate-700">
        <KeepTogether text={postPackageCallToAction.text} />
      </p>
      <div className="mt-8 max-w-md">
        <PackageCard plan={plan} kind={addOns.includes(plan) ? 'add-on' : 'package'} />
      </div>
    </aside>
  );
}
