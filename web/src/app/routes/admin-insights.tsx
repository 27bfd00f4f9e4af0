import { saveCsv } from '../../lib/save-file';
import { InsightsDashboard, firebaseInsightsApi } from '../../features/insights';
import { selectBranchScope, useSessionStore } from '../../features/session';
import { AdminOnly } from '../admin-only';

/** The studio's nightly rollups (docs/architecture/insights.md): figures, charts, CSV. */
export default function AdminInsightsPage() {
  const branchScope = useSessionStore(selectBranchScope);
  return (
    <AdminOnly title="menuInsights" branchManagers>
      <InsightsDashboard api={firebaseInsightsApi} download={saveCsv} branchScope={branchScope} />
    </AdminOnly>
  );
}
