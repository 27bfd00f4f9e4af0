import { paths } from '../../config/paths';
import { AboutStudio, firebaseStudioApi, useStudio } from '../../features/branding';
import { appMessages } from '../app-messages';
import { useT } from '../../lib/i18n';

/** About us: the studio's own story from `Studio`, the built-in text until the admin writes one. */
export default function SobreNosotrosPage() {
  const t = useT(appMessages);
  const studio = useStudio(firebaseStudioApi);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('aboutTitle')}</h1>
      <AboutStudio
        studio={studio}
        fallbackText={t('aboutText')}
        contactHref={paths.contacto.getHref({})}
      />
    </section>
  );
}
