import { Link } from 'wouter';
import { HOME_HREF } from '../config/paths';
import { useT } from '../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <Link href={HOME_HREF}>{t('goHome')}</Link>
    </section>
  );
}
