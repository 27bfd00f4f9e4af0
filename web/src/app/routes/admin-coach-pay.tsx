import { CoachPayScreen, firebaseCoachPayApi } from '../../features/coach-pay';
import { saveCsv } from '../../lib/save-file';
import { AdminOnly } from '../admin-only';

/** What coaches are paid (docs/architecture/front-desk.md#coach-pay): report, CSV, rates. */
export default function AdminCoachPayPage() {
  return (
    <AdminOnly title="menuCoachPay">
      <CoachPayScreen api={firebaseCoachPayApi} download={saveCsv} />
    </AdminOnly>
  );
}
