// The build-time settings the app reads (see README.md, "Configuration").
// The Firebase ones repeat FirebaseEnv (lib/firebase-config.ts): a global declaration file cannot
// import it, and the config module stays free of Vite's types so its tests run without them.
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_DATABASE_URL?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_FUNCTIONS_REGION?: string;
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_EMULATOR_HOST?: string;
  readonly VITE_DATABASE_EMULATOR_PORT?: string;
  readonly VITE_AUTH_EMULATOR_PORT?: string;
  readonly VITE_FUNCTIONS_EMULATOR_PORT?: string;
  readonly VITE_STUDIO_BRANCH?: string;
  /** The public VAPID key a production build subscribes to push with (docs/architecture/push.md). */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
  /** The studio's name and colour before its `Studio` node is read (manifest, index.html). */
  readonly VITE_STUDIO_NAME?: string;
  readonly VITE_STUDIO_COLOR?: string;
  /**
   * reCAPTCHA Enterprise site key: App Check tokens on callable requests
   * (docs/decisions/160-abuse-limits.md).
   */
  readonly VITE_APPCHECK_SITE_KEY?: string;
}

interface Window {
  /** Written into index.html by a local stack on non-default ports (lib/firebase-config.ts). */
  __STUDIO_EMULATOR_PORTS__?: unknown;
  /** The cover index.html drew on a first visit from its own read of `Studio` (lib/branding.ts). */
  __STUDIO_FIRST_COVER__?: unknown;
}
