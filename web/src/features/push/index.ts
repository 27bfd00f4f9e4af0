export type { PushApi, PushDevice } from './api/push-api';
export { firebasePushApi } from './api/firebase-push-api';
export { PushHere, QuietHours, usePushChoices } from './components/push-settings';
