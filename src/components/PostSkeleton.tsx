/** A post's place while it loads. */
export function PostSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading article" className="container-page max-w-3xl space-y-4 py-16">
      <div className="skeleton h-4 w-48" />
      <div className="skeleton h-10 w-full" />
      <div className="skeleton h-10 w-2/3" />
      <div className="skeleton mt-8 aspect-[40/21] w-full rounded-2xl" />
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="skeleton h-4 w-full" />
      ))}
    </div>
  );
}
