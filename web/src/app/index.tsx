import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { deferShellApis } from './shell/deferred-apis';
import { Shell } from './shell/shell';

// The Firebase implementations load with the first call, after the first paint
// (docs/architecture/web-app.md#first-route-and-the-deferred-shell).
const firebaseApis = deferShellApis(() =>
  import('./shell/firebase-apis').then((module) => module.firebaseShellApis),
);

export function App() {
  return (
    <AppProvider>
      <Shell apis={firebaseApis} serviceWorker={import.meta.env.PROD}>
        <AppRoutes />
      </Shell>
    </AppProvider>
  );
}
