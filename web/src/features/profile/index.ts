export type { ProfileApi } from './api/profile-api';
export { firebaseProfileApi } from './api/firebase-profile-api';
export { CreditLedger } from './components/credit-ledger';
export { ProfileCard } from './components/profile-card';
export { balancesByKind } from './credit-summary';
export { CreditSummary } from './components/credit-summary-card';
