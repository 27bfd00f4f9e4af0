import { PaymentList, firebaseAdminPaymentsApi } from '../../features/admin-payments';
import { saveCsv } from '../../lib/save-file';
import { AdminOnly } from '../admin-only';

/** Payment list: filter, totals per currency, CSV export. */
export default function ListaPagosPage() {
  return (
    <AdminOnly title="menuPaymentList">
      <PaymentList api={firebaseAdminPaymentsApi} download={saveCsv} />
    </AdminOnly>
  );
}
