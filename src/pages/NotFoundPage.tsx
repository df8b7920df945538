import { House as homeIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from '../components/Link.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { ctaProps } from '../shared/page-contract.ts';

export default function NotFoundPage() {
  return (
    <>
      <PageMeta
        title="Page Not Found"
        description="The page you're looking for doesn't exist. Head back home to see our fixed-price marketing packages."
        path="/404"
        noindex
      />
      <section className="container-page flex flex-col items-center py-24 text-center">
        <p className="text-6xl font-extrabold text-sea-700">404</p>
        <h1 className="mt-4 text-3xl font-extrabold text-ink sm:text-4xl">Page Not Found</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-600">
          Sorry, we couldn't find that page. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-dark" {...ctaProps('not-found-home')}>
            <LucideIcon icon={homeIcon} name="house" className="size-4" /> Go to the home page
          </Link>
          <Link to="/blog" className="btn-outline" {...ctaProps('not-found-blog')}>
            Read the blog
          </Link>
        </div>
      </section>
    </>
  );
}
