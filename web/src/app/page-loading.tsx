import { useT } from '../lib/i18n';

/**
 * The spinner while a page loads; with `title`, under the page's heading, as index.html painted
 * it (docs/architecture/performance.md#member-pages-painted-by-indexhtml), so the heading stays
 * while a member-only page waits for the session.
 */
export function PageLoading({ title }: { title?: string }) {
  const t = useT();
  const spinner = (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
  if (title === undefined) return spinner;
  return (
    <>
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
      </section>
      {spinner}
    </>
  );
}
