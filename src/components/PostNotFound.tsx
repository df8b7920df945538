import { ArrowLeft as arrowLeftIcon } from 'lucide';
import { Link } from './Link.tsx';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { PageMeta } from './PageMeta.tsx';
import { ctaProps } from '../shared/page-contract.ts';

/** What an unknown post, or a preview link that shows nothing, answers (with HTTP 404). */
export function PostNotFound() {
  return (
    <>
      <PageMeta
        title="Blog Post Not Found"
        description="The blog post you're looking for doesn't exist or has been removed."
        path="/blog"
        noindex
      />
      <section className="container-page flex flex-col items-center py-24 text-center">
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Blog Post Not Found</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-600">
          The blog post you're looking for doesn't exist or has been removed.
        </p>
        <Link to="/blog" className="btn-dark mt-8" {...ctaProps('post-not-found-blog')}>
          <LucideIcon icon={arrowLeftIcon} name="arrow-left" className="size-4" /> Go Back to Blog
        </Link>
      </section>
    </>
  );
}
