import { appMessages } from '../app-messages';
import { useT } from '../../lib/i18n';

export default function ContactoPage() {
  const t = useT(appMessages);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('contactTitle')}</h1>
      <p>{t('contactText')}</p>
    </section>
  );
}
