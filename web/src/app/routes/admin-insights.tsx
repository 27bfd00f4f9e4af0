import {
  InsightsDashboard,
  downloadInsightsCsv,
  firebaseInsightsApi,
} from '../../features/insights';

/** The studio's nightly rollups (docs/architecture/insights.md): figures, charts, CSV. */
export default function AdminInsightsPage() {
  return <InsightsDashboard api={firebaseInsightsApi} download={downloadInsightsCsv} />;
}
