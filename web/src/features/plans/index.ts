export type { PlansAdminApi, PlansApi } from './api/plans-api';
export { firebasePlansAdminApi, firebasePlansApi } from './api/firebase-plans-api';
export { PlanCard, PlanList } from './components/plan-list';
export type { PlanCardProps, PlanListProps } from './components/plan-list';
export { MembershipPanel } from './components/membership-panel';
export type { MembershipPanelProps } from './components/membership-panel';
