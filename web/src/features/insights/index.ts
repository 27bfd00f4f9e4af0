export type { InsightsApi } from './api/insights-api';
export { firebaseInsightsApi } from './api/firebase-insights-api';
export { InsightsDashboard } from './components/insights-dashboard';
