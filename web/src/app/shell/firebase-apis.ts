/**
 * The Firebase implementations the shell uses. Loaded after the first paint (see
 * deferred-apis.ts): the Auth SDK and the session code are not part of the first route.
 */
import { firebaseStudioApi } from '../../features/branding/api/firebase-studio-api';
import { firebaseNotificationsApi } from '../../features/notifications/api/firebase-notifications-api';
import { firebaseSessionApi } from '../../features/session/api/firebase-session-api';
import { firebaseSubscriptionApi } from '../../features/subscription/api/firebase-subscription-api';
import { firebaseWaiverApi } from '../../features/waiver/api/firebase-waiver-api';
import type { ShellApis } from './shell-apis';

export const firebaseShellApis: ShellApis = {
  session: firebaseSessionApi,
  waiver: firebaseWaiverApi,
  subscription: firebaseSubscriptionApi,
  notifications: firebaseNotificationsApi,
  studio: firebaseStudioApi,
};
