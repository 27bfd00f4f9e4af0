import { Tabs } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n';
import type { AdminMailApi } from '../api/admin-mail-api';
import { mailMessages } from '../mail-messages';
import { MailList } from './mail-list';
import { PushList } from './push-list';

/** admin-mail: e-mail and push, one tab each, so neither list sits under the other's table. */
export function SentMessages({ api }: { api: AdminMailApi }) {
  const t = useT(mailMessages);
  return (
    <section aria-labelledby="mail-title" className="admin-page">
      <h1 id="mail-title">{t('mailTitle')}</h1>
      <Tabs
        label={t('channels')}
        items={[
          { value: 'mail', label: t('tabMail'), content: <MailList api={api} /> },
          { value: 'push', label: t('tabPush'), content: <PushList api={api} /> },
        ]}
      />
    </section>
  );
}
