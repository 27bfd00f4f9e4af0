import { PaymentList, downloadCsv, firebaseAdminPaymentsApi } from '../../features/admin-payments';

/** Payment list: filter, totals per currency, CSV export. */
export default function ListaPagosPage() {
  return <PaymentList api={firebaseAdminPaymentsApi} download={downloadCsv} />;
}
