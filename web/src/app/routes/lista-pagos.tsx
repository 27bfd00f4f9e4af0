import { PaymentList, firebaseAdminPaymentsApi } from '../../features/admin-payments';
import { readDirectoryContact } from '../../lib/read-member-contact';
import { saveCsv } from '../../lib/save-file';
import { selectBranchScope, useSessionStore } from '../../features/session';
import { AdminOnly } from '../admin-only';

/** Payment list: filter, totals per currency, CSV export. */
export default function ListaPagosPage() {
  const branchScope = useSessionStore(selectBranchScope);
  return (
    <AdminOnly title="menuPaymentList" branchManagers>
      <PaymentList
        // A branch manager names members from the directory, as the desk does.
        api={
          branchScope === null
            ? firebaseAdminPaymentsApi
            : { ...firebaseAdminPaymentsApi, readMember: readDirectoryContact }
        }
        download={saveCsv}
        branchScope={branchScope}
      />
    </AdminOnly>
  );
}
