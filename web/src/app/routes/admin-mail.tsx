import { MailList, firebaseAdminMailApi } from '../../features/admin-mail';

/** Sent e-mail: the outbox's status per message (docs/architecture/admin-and-audit.md#sent-e-mail). */
export default function AdminMailPage() {
  return <MailList api={firebaseAdminMailApi} />;
}
