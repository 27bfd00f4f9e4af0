import { describe, expect, it } from 'vitest';
import { resolveFirebaseSetup, runtimeEmulatorPorts, usesEmulators } from './firebase-config';

describe('resolveFirebaseSetup', () => {
  it('defaults to the demo project', () => {
    const { options, region } = resolveFirebaseSetup({}, 'studio.example.com');
    expect(options).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-studio.firebaseapp.com',
      projectId: 'demo-studio',
      databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com',
    });
    expect(region).toBe('us-central1');
  });

  it.each(['localhost', '127.0.0.1'])('uses the local emulators on %s', (hostname) => {
    const { emulators } = resolveFirebaseSetup({}, hostname);
    expect(emulators).toEqual({
      database: { host: hostname, port: 9000 },
      authUrl: `http://${hostname}:9099`,
      functions: { host: hostname, port: 5001 },
    });
  });

  it('talks to the real services on any other host', () => {
    expect(resolveFirebaseSetup({}, 'studio.example.com').emulators).toBeNull();
    expect(resolveFirebaseSetup({}, '192.168.1.20').emulators).toBeNull();
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
      },
      'localhost',
    );
    expect(emulators).toEqual({
      database: { host: '10.0.2.2', port: 9100 },
      authUrl: 'http://10.0.2.2:9199',
      functions: { host: '10.0.2.2', port: 5101 },
    });
  });

  it('ignores a port that is not a port', () => {
    const { emulators } = resolveFirebaseSetup({ VITE_DATABASE_EMULATOR_PORT: 'abc' }, 'localhost');
    expect(emulators?.database.port).toBe(9000);
  });

  it('takes the project from the environment and derives its database URL', () => {
    const { options } = resolveFirebaseSetup(
      { VITE_FIREBASE_PROJECT_ID: 'studio-prod', VITE_FIREBASE_API_KEY: 'key-1' },
      'studio.example.com',
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
      runtimeEmulatorPorts({ database: 41000, auth: 41001, functions: 41002 }),
    );
    expect(setup.emulators).toEqual({
      database: { host: '127.0.0.1', port: 41000 },
      authUrl: 'http://127.0.0.1:41001',
      functions: { host: '127.0.0.1', port: 41002 },
    });
  });

  it('ignores injected ports that are not ports', () => {
    expect(runtimeEmulatorPorts({ database: 'x', auth: 70000, functions: 5.5 })).toEqual({});
    expect(runtimeEmulatorPorts(undefined)).toEqual({});
  });
});
