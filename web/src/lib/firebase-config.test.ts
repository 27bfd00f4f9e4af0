import { describe, expect, it } from 'vitest';
import type { FirebaseEnv } from './firebase-config';
import {
  FirebaseConfigError,
  isEmulatorBuild,
  productionConfigProblems,
  productionSetup,
  resolveFirebaseSetup,
  runtimeEmulatorPorts,
  usesEmulators,
} from './firebase-config';

const PRODUCTION_ENV: FirebaseEnv = {
  VITE_FIREBASE_API_KEY: 'key-1',
  VITE_FIREBASE_AUTH_DOMAIN: 'studio-prod.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'studio-prod',
  VITE_FIREBASE_DATABASE_URL: 'https://studio-prod-default-rtdb.firebaseio.com',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
  VITE_FIREBASE_STORAGE_BUCKET: 'studio-prod.firebasestorage.app',
};

describe('productionConfigProblems (the build and the app refuse these)', () => {
  it('accepts a complete configuration of a real project', () => {
    expect(productionConfigProblems(PRODUCTION_ENV)).toEqual([]);
  });

  it('names every missing variable', () => {
    expect(productionConfigProblems({})).toEqual([
      'VITE_FIREBASE_API_KEY is not set',
      'VITE_FIREBASE_AUTH_DOMAIN is not set',
      'VITE_FIREBASE_PROJECT_ID is not set',
      'VITE_FIREBASE_DATABASE_URL is not set',
      'VITE_FIREBASE_APP_ID is not set',
      'VITE_FIREBASE_STORAGE_BUCKET is not set',
    ]);
  });

  it.each(Object.keys(PRODUCTION_ENV) as (keyof FirebaseEnv)[])(
    'names %s alone when only it is missing or blank',
    (name) => {
      expect(productionConfigProblems({ ...PRODUCTION_ENV, [name]: undefined })).toEqual([
        `${name} is not set`,
      ]);
      expect(productionConfigProblems({ ...PRODUCTION_ENV, [name]: '  ' })).toEqual([
        `${name} is not set`,
      ]);
    },
  );

  it('refuses a demo- project id', () => {
    expect(
      productionConfigProblems({ ...PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-studio' }),
    ).toEqual([
      'VITE_FIREBASE_PROJECT_ID is "demo-studio": a demo- project exists only in the emulators',
    ]);
  });

  it('marks a build for the emulators only when VITE_USE_EMULATORS is true', () => {
    expect(isEmulatorBuild({ VITE_USE_EMULATORS: 'true' })).toBe(true);
    expect(isEmulatorBuild({ VITE_USE_EMULATORS: 'false' })).toBe(false);
    expect(isEmulatorBuild({})).toBe(false);
  });
});

describe('productionSetup', () => {
  it('uses exactly the configured project, never the emulators', () => {
    expect(productionSetup(PRODUCTION_ENV)).toEqual({
      options: {
        apiKey: 'key-1',
        authDomain: 'studio-prod.firebaseapp.com',
        projectId: 'studio-prod',
        databaseURL: 'https://studio-prod-default-rtdb.firebaseio.com',
        appId: '1:123:web:abc',
        storageBucket: 'studio-prod.firebasestorage.app',
      },
      region: 'us-central1',
      emulators: null,
    });
  });

  it('throws naming the problems instead of falling back to the demo project', () => {
    expect(() => productionSetup({ VITE_FIREBASE_API_KEY: 'key-1' })).toThrow(FirebaseConfigError);
    expect(() => productionSetup({ VITE_FIREBASE_API_KEY: 'key-1' })).toThrow(
      'VITE_FIREBASE_AUTH_DOMAIN is not set; VITE_FIREBASE_PROJECT_ID is not set',
    );
    expect(() =>
      productionSetup({ ...PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-studio' }),
    ).toThrow('a demo- project exists only in the emulators');
  });
});

describe('resolveFirebaseSetup', () => {
  it('defaults to the demo project with the emulators', () => {
    const { options, region, emulators } = resolveFirebaseSetup({}, '127.0.0.1');
    expect(options).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-studio.firebaseapp.com',
      projectId: 'demo-studio',
      databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com',
      storageBucket: 'demo-studio.firebasestorage.app',
    });
    expect(region).toBe('us-central1');
    expect(emulators).not.toBeNull();
  });

  it('never talks to the demo project on another host without VITE_USE_EMULATORS', () => {
    expect(() => resolveFirebaseSetup({}, 'studio.example.com')).toThrow(FirebaseConfigError);
    expect(() =>
      resolveFirebaseSetup(
        { ...PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-studio' },
        'studio.example.com',
      ),
    ).toThrow(FirebaseConfigError);
  });

  it.each(['localhost', '127.0.0.1'])('uses the local emulators on %s', (hostname) => {
    const { emulators } = resolveFirebaseSetup({}, hostname);
    expect(emulators).toEqual({
      database: { host: hostname, port: 9000 },
      authUrl: `http://${hostname}:9099`,
      functions: { host: hostname, port: 5001 },
      storage: { host: hostname, port: 9199 },
    });
  });

  it('talks to the configured project on any other host', () => {
    expect(resolveFirebaseSetup(PRODUCTION_ENV, 'studio.example.com')).toEqual(
      productionSetup(PRODUCTION_ENV),
    );
    expect(resolveFirebaseSetup(PRODUCTION_ENV, '192.168.1.20').emulators).toBeNull();
  });

  it('uses the emulators on any host when VITE_USE_EMULATORS is true, at that host', () => {
    const { emulators } = resolveFirebaseSetup({ VITE_USE_EMULATORS: 'true' }, '192.168.1.20');
    expect(emulators?.database).toEqual({ host: '192.168.1.20', port: 9000 });
    expect(emulators?.authUrl).toBe('http://192.168.1.20:9099');
  });

  it('keeps production services on localhost when VITE_USE_EMULATORS is false', () => {
    expect(usesEmulators({ VITE_USE_EMULATORS: 'false' }, 'localhost')).toBe(false);
  });

  it('takes emulator ports and host from the environment', () => {
    const { emulators } = resolveFirebaseSetup(
      {
        VITE_EMULATOR_HOST: '10.0.2.2',
        VITE_DATABASE_EMULATOR_PORT: '9100',
        VITE_AUTH_EMULATOR_PORT: '9199',
        VITE_FUNCTIONS_EMULATOR_PORT: '5101',
        VITE_STORAGE_EMULATOR_PORT: '9299',
      },
      'localhost',
    );
    expect(emulators).toEqual({
      database: { host: '10.0.2.2', port: 9100 },
      authUrl: 'http://10.0.2.2:9199',
      functions: { host: '10.0.2.2', port: 5101 },
      storage: { host: '10.0.2.2', port: 9299 },
    });
  });

  it('ignores a port that is not a port', () => {
    const { emulators } = resolveFirebaseSetup({ VITE_DATABASE_EMULATOR_PORT: 'abc' }, 'localhost');
    expect(emulators?.database.port).toBe(9000);
  });

  it('takes the project from the environment and derives its database URL (emulators)', () => {
    const { options } = resolveFirebaseSetup(
      { VITE_FIREBASE_PROJECT_ID: 'studio-prod', VITE_FIREBASE_API_KEY: 'key-1' },
      'localhost',
    );
    expect(options).toMatchObject({
      apiKey: 'key-1',
      projectId: 'studio-prod',
      authDomain: 'studio-prod.firebaseapp.com',
      databaseURL: 'https://studio-prod-default-rtdb.firebaseio.com',
    });
  });

  it('takes the ports a local stack wrote into the page over the build-time ones', () => {
    const setup = resolveFirebaseSetup(
      { VITE_DATABASE_EMULATOR_PORT: '9100' },
      '127.0.0.1',
      runtimeEmulatorPorts({ database: 41000, auth: 41001, functions: 41002, storage: 41003 }),
    );
    expect(setup.emulators).toEqual({
      database: { host: '127.0.0.1', port: 41000 },
      authUrl: 'http://127.0.0.1:41001',
      functions: { host: '127.0.0.1', port: 41002 },
      storage: { host: '127.0.0.1', port: 41003 },
    });
  });

  it('ignores injected ports that are not ports', () => {
    expect(runtimeEmulatorPorts({ database: 'x', auth: 70000, functions: 5.5 })).toEqual({});
    expect(runtimeEmulatorPorts(undefined)).toEqual({});
  });
});
