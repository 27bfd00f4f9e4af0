import { saveCsv } from '../../lib/save-file';
import { InsightsDashboard, firebaseInsightsApi } from '../../features/insights';
import { AdminOnly } from '../admin-only';

/** The studio's nightly rollups (docs/architecture/insights.md): figures, charts, CSV. */
export default function AdminInsightsPage() {
  return (
    <AdminOnly title="menuInsights">
      <InsightsDashboard api={firebaseInsightsApi} download={saveCsv} />
    </AdminOnly>
  );
}
