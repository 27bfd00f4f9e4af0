/**
 * The one place the Firebase SDK is initialised. Services start on first use. Feature code
 * reaches it through `lib/firebase.ts`, which loads this module on the first call, so no page
 * waits for the SDK before its first render; only the code that needs the Auth instance at once
 * (the session's auth listener, the sign-in forms, all loaded after the first page) imports it
 * directly (docs/architecture/performance.md#the-load-chain-of-a-data-page).
 */
import type { CallableName, CallableResult, callableInputs } from '@studio/core';
import type { FirebaseApp } from 'firebase/app';
import { initializeApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { Database } from 'firebase/database';
import type { Functions } from 'firebase/functions';
import type { FirebaseStorage } from 'firebase/storage';
import { connection, requestOutcome } from './connection';
import type { FirebaseSetup } from './firebase-config';
import { firebaseSetup, FOR_EMULATORS } from './firebase-setup';

export interface FirebaseServices {
  app: FirebaseApp;
  auth: Auth;
  setup: FirebaseSetup;
}

let services: FirebaseServices | undefined;
let databaseClient: Promise<Database> | undefined;
const instanceClients = new Map<string, Promise<Database>>();
let functionsClient: Promise<Functions> | undefined;
let storageClient: Promise<FirebaseStorage> | undefined;
let appCheckStarted: Promise<void> | undefined;

export function getFirebase(): FirebaseServices {
  if (services) return services;
  const setup = firebaseSetup();
  const app = initializeApp(setup.options);
  // initializeAuth (not getAuth) leaves the popup/redirect resolver out of the first bundle;
  // the Google sign-in passes `browserPopupRedirectResolver` when it needs it.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (FOR_EMULATORS && setup.emulators) {
    connectAuthEmulator(auth, setup.emulators.authUrl, { disableWarnings: true });
  }
  services = { app, auth, setup };
  return services;
}

/**
 * The default instance, or the instance at `databaseUrl` (a branch's, lib/instances.ts); each is
 * opened once.
 */
export function getDatabaseClient(databaseUrl?: string): Promise<Database> {
  if (databaseUrl !== undefined && databaseUrl !== getFirebase().setup.options.databaseURL) {
    let client = instanceClients.get(databaseUrl);
    if (!client) {
      // After the default instance, which sets the connection up (websockets, lib/connection.ts).
      client = Promise.all([import('firebase/database'), getDatabaseClient()]).then(
        ([{ connectDatabaseEmulator, getDatabase }]) => {
          const { app, setup } = getFirebase();
          const db = getDatabase(app, databaseUrl);
          if (FOR_EMULATORS && setup.emulators)
            connectDatabaseEmulator(
              db,
              setup.emulators.database.host,
              setup.emulators.database.port,
            );
          return db;
        },
      );
      instanceClients.set(databaseUrl, client);
    }
    return client;
  }
  databaseClient ??= import('firebase/database').then(
    ({ connectDatabaseEmulator, forceWebSockets, getDatabase, onValue, ref }) => {
      const { app, setup } = getFirebase();
      const db = getDatabase(app, setup.options.databaseURL);
      if (FOR_EMULATORS && setup.emulators) {
        connectDatabaseEmulator(db, setup.emulators.database.host, setup.emulators.database.port);
        // After one failed websocket attempt the SDK would fall back to long
        // polling, which the local database emulator does not serve.
        forceWebSockets();
      }
      // The app's "offline" follows the database connection too, not only navigator.onLine
      // (lib/connection.ts): watched from where the database opens, so no SDK code is added to
      // the first screen for it.
      onValue(ref(db, '.info/connected'), (snapshot) => {
        connection.databaseConnected(snapshot.val() === true);
      });
      return db;
    },
  );
  return databaseClient;
}

/**
 * App Check (docs/decisions/160): a build with a reCAPTCHA Enterprise site key
 * (`VITE_APPCHECK_SITE_KEY`) sends an App Check token with every callable request, which the
 * functions require once `ENFORCE_APP_CHECK` is on. Loaded with the Functions SDK, never in the
 * first bundle; without a key (and against the emulators) nothing is loaded.
 */
function startAppCheck(): Promise<void> {
  const siteKey = import.meta.env.VITE_APPCHECK_SITE_KEY;
  if (FOR_EMULATORS || siteKey === undefined || siteKey === '') return Promise.resolve();
  appCheckStarted ??= import('firebase/app-check').then(
    ({ ReCaptchaEnterpriseProvider, initializeAppCheck }) => {
      initializeAppCheck(getFirebase().app, {
        provider: new ReCaptchaEnterpriseProvider(siteKey),
        isTokenAutoRefreshEnabled: true,
      });
    },
  );
  return appCheckStarted;
}

export function getFunctionsClient(): Promise<Functions> {
  functionsClient ??= Promise.all([import('firebase/functions'), startAppCheck()]).then(
    ([{ connectFunctionsEmulator, getFunctions }]) => {
      const { app, setup } = getFirebase();
      const functions = getFunctions(app, setup.region);
      if (FOR_EMULATORS && setup.emulators) {
        connectFunctionsEmulator(
          functions,
          setup.emulators.functions.host,
          setup.emulators.functions.port,
        );
      }
      return functions;
    },
  );
  return functionsClient;
}

/** Cloud Storage (the pictures), loaded on first use: only the screens that upload need it. */
export function getStorageClient(): Promise<FirebaseStorage> {
  storageClient ??= import('firebase/storage').then(({ connectStorageEmulator, getStorage }) => {
    const { app, setup } = getFirebase();
    const storage = getStorage(app);
    if (FOR_EMULATORS && setup.emulators) {
      connectStorageEmulator(storage, setup.emulators.storage.host, setup.emulators.storage.port);
    }
    return storage;
  });
  return storageClient;
}

/** What a callable accepts: the input side of its schema in `@studio/core` (zod's `z.input`). */
export type CallableInput<N extends CallableName> = (typeof callableInputs)[N]['_zod']['input'];

/** Calls an HTTPS callable function and returns its `result`. */
export async function callFunction<N extends CallableName>(
  name: N,
  data: CallableInput<N>,
): Promise<CallableResult<N>> {
  const [functions, { httpsCallable }] = await Promise.all([
    getFunctionsClient(),
    import('firebase/functions'),
  ]);
  try {
    const response = await httpsCallable<CallableInput<N>, CallableResult<N>>(
      functions,
      name,
    )(data);
    connection.requestAnswered();
    return response.data;
  } catch (error) {
    // A refusal still proves the network works; a fetch with no answer says it does not.
    const outcome = requestOutcome(error);
    if (outcome === 'answered') connection.requestAnswered();
    if (outcome === 'unanswered') connection.requestUnanswered();
    throw error;
  }
}
