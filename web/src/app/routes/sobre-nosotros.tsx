import { appMessages } from '../app-messages';
import { useT } from '../../lib/i18n';

export default function SobreNosotrosPage() {
  const t = useT(appMessages);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('aboutTitle')}</h1>
      <p>{t('aboutText')}</p>
    </section>
  );
}
