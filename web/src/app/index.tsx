import { firebaseSessionApi } from '../features/session/api/firebase-session-api';
import { firebaseSubscriptionApi } from '../features/subscription/api/firebase-subscription-api';
import { firebaseWaiverApi } from '../features/waiver/api/firebase-waiver-api';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import type { ShellApis } from './shell/shell';
import { Shell } from './shell/shell';

const firebaseApis: ShellApis = {
  session: firebaseSessionApi,
  waiver: firebaseWaiverApi,
  subscription: firebaseSubscriptionApi,
};

export function App() {
  return (
    <AppProvider>
      <Shell apis={firebaseApis} serviceWorker={import.meta.env.PROD}>
        <AppRoutes />
      </Shell>
    </AppProvider>
  );
}
