import { PaymentList, firebaseAdminPaymentsApi } from '../../features/admin-payments';
import { saveCsv } from '../../lib/save-file';

/** Payment list: filter, totals per currency, CSV export. */
export default function ListaPagosPage() {
  return <PaymentList api={firebaseAdminPaymentsApi} download={saveCsv} />;
}
