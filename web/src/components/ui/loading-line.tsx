import { useT } from '../../lib/i18n';

/** "Loading…" in place of a list or figure whose live read has not answered yet. */
export function LoadingLine() {
  const t = useT();
  return <p role="status">{t('loading')}</p>;
}
