import { ContactDetails, firebaseStudioApi, useStudio } from '../../features/branding';
import { appMessages } from '../app-messages';
import { useT } from '../../lib/i18n';

/** Contact: the studio's address, hours, phone, WhatsApp, e-mail and social links (`Studio`). */
export default function ContactoPage() {
  const t = useT(appMessages);
  const studio = useStudio(firebaseStudioApi);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('contactTitle')}</h1>
      <p>{t('contactText')}</p>
      <ContactDetails studio={studio} />
    </section>
  );
}
