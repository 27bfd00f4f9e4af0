export type { CoachPayApi } from './api/coach-pay-api';
export { firebaseCoachPayApi } from './api/firebase-coach-pay-api';
export { CoachPayScreen } from './components/coach-pay-screen';
