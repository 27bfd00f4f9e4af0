/**
 * Which Firebase project this build talks to, and through which emulators, without loading any
 * Firebase SDK: the REST reads of `lib/realtime.ts` need the database's address before the SDK
 * has loaded, and `lib/firebase-sdk.ts` starts the SDK with the same setup.
 */
import type { FirebaseSetup } from './firebase-config';
import { productionSetup, resolveFirebaseSetup, runtimeEmulatorPorts } from './firebase-config';

/**
 * Decided when the app is built. A build for a real project (`npm run build:production`) talks
 * only to the project it was built for, and the emulator code and the demo project's defaults are
 * left out of its bundle; the dev server and `vite build --mode emulators` (web/.env.emulators
 * sets VITE_USE_EMULATORS=true) reach the local emulators.
 */
export const FOR_EMULATORS = !import.meta.env.PROD || import.meta.env.VITE_USE_EMULATORS === 'true';

let setup: FirebaseSetup | undefined;

export function firebaseSetup(): FirebaseSetup {
  setup ??= FOR_EMULATORS
    ? resolveFirebaseSetup(
        import.meta.env,
        window.location.hostname,
        runtimeEmulatorPorts(window.__STUDIO_EMULATOR_PORTS__),
      )
    : productionSetup(import.meta.env);
  return setup;
}
