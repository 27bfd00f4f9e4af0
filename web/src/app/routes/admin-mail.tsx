import { SentMessages, firebaseAdminMailApi } from '../../features/admin-mail';

/**
 * Sent e-mail, and push in its own tab: each outbox's status per message
 * (docs/architecture/admin-and-audit.md#sent-e-mail, docs/architecture/push.md).
 */
export default function AdminMailPage() {
  return <SentMessages api={firebaseAdminMailApi} />;
}
