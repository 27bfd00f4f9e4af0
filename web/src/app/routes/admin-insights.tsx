import { saveCsv } from '../../lib/save-file';
import { InsightsDashboard, firebaseInsightsApi } from '../../features/insights';

/** The studio's nightly rollups (docs/architecture/insights.md): figures, charts, CSV. */
export default function AdminInsightsPage() {
  return <InsightsDashboard api={firebaseInsightsApi} download={saveCsv} />;
}
