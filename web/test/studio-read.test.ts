import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { runInNewContext } from 'node:vm';
import {
  STUDIO_READ_PLACEHOLDER,
  studioReadExpression,
  studioReadFor,
  studioReadInIndexHtml,
} from '../build/studio-read';

const PROJECT = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'ritmo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'ritmo',
  VITE_FIREBASE_DATABASE_URL: 'https://ritmo-default-rtdb.firebaseio.com/',
  VITE_FIREBASE_APP_ID: 'app',
  VITE_FIREBASE_STORAGE_BUCKET: 'ritmo.firebasestorage.app',
};

describe("index.html's first-visit read of Studio", () => {
  it("is the real project's REST address of the node in a production build", () => {
    expect(studioReadFor(PROJECT, false)).toEqual({
      url: 'https://ritmo-default-rtdb.firebaseio.com/Studio.json?',
    });
  });

  it("leaves host and port to the page for the emulators, with the project's namespace", () => {
    expect(studioReadFor({}, true)).toEqual({
      emulator: { host: null, port: 9000, ns: 'demo-studio-default-rtdb' },
    });
    expect(
      studioReadFor(
        {
          VITE_EMULATOR_HOST: '10.0.2.2',
          VITE_DATABASE_EMULATOR_PORT: '9400',
          VITE_FIREBASE_PROJECT_ID: 'demo-x',
        },
        true,
      ),
    ).toEqual({ emulator: { host: '10.0.2.2', port: 9400, ns: 'demo-x-default-rtdb' } });
  });

  it('is written into the start page script once, where the placeholder stands', () => {
    expect(indexHtml.split(STUDIO_READ_PLACEHOLDER)).toHaveLength(2);
    const plugin = studioReadInIndexHtml();
    const configResolved = plugin.configResolved as (config: object) => void;
    configResolved({
      env: { ...PROJECT, VITE_FIREBASE_DATABASE_URL: 'https://a<b.firebaseio.com' },
      isProduction: true,
    });
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const html = transform(indexHtml);
    expect(html).not.toContain(STUDIO_READ_PLACEHOLDER);
    expect(html).toContain('const studioUrl = "https://a\\u003cb.firebaseio.com/Studio.json?";');
    // A production build carries nothing of the local stack (deploy:check looks for the hook).
    expect(html).not.toContain('__STUDIO_EMULATOR_PORTS__');
    expect(() => transform('<html></html>')).toThrow(/placeholder/);
  });

  it("is completed by the page for the emulators: the page's host, the stack's own port", () => {
    const expression = studioReadExpression(studioReadFor({}, true));
    expect(runInNewContext(expression, { location: { hostname: '192.168.1.5' }, window: {} })).toBe(
      'http://192.168.1.5:9000/Studio.json?ns=demo-studio-default-rtdb',
    );
    expect(
      runInNewContext(expression, {
        location: { hostname: '127.0.0.1' },
        window: { __STUDIO_EMULATOR_PORTS__: { database: 9400 } },
      }),
    ).toBe('http://127.0.0.1:9400/Studio.json?ns=demo-studio-default-rtdb');
    const named = studioReadFor({ VITE_EMULATOR_HOST: '10.0.2.2' }, true);
    expect(runInNewContext(studioReadExpression(named), { location: {}, window: {} })).toBe(
      'http://10.0.2.2:9000/Studio.json?ns=demo-studio-default-rtdb',
    );
  });
});
