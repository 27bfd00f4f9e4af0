export type { CoachesApi } from './api/coaches-api';
export { firebaseCoachesApi } from './api/firebase-coaches-api';
export { CoachPage } from './components/coach-page';
