import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScripts,
  policyHostsFor,
  policyOf,
  scriptsOutsidePolicy,
  withInlineScript,
  withPolicy,
} from '../build/csp';

const PROJECT = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'ritmo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'ritmo',
  VITE_FIREBASE_DATABASE_URL: 'https://ritmo-default-rtdb.firebaseio.com/',
  VITE_FIREBASE_APP_ID: 'app',
  VITE_FIREBASE_STORAGE_BUCKET: 'ritmo.firebasestorage.app',
};

const PAGE = [
  '<!doctype html><html><head>',
  '<meta charset="UTF-8" />',
  '<script>{ paintHead(); }</script>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<script type="application/json" id="data">{"a":1}</script>',
  '</head><body><div id="root"></div>',
  '<script>\n  startPage();\n</script>',
  '</body></html>',
].join('\n');

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

describe("the built index.html's Content-Security-Policy", () => {
  it('allows each executable inline script by its sha256, and nothing else inline', () => {
    expect(inlineScripts(PAGE)).toEqual(['{ paintHead(); }', '\n  startPage();\n']);
    const html = withPolicy(PAGE, policyHostsFor(PROJECT, false));
    const policy = policyOf(html) ?? '';
    expect(policy).toContain(
      `script-src 'self' 'sha256-${sha256('{ paintHead(); }')}' 'sha256-${sha256('\n  startPage();\n')}' `,
    );
    expect(policy).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(scriptsOutsidePolicy(html)).toEqual([]);
    // The policy comes after the charset and before the first script.
    expect(html.indexOf('charset')).toBeLessThan(html.indexOf('Content-Security-Policy'));
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });

  it('refuses a script added after the build, unless added with its hash', () => {
    const html = withPolicy(PAGE, policyHostsFor(PROJECT, false));
    const tampered = html.replace('</body>', '<script>steal()</script></body>');
    expect(scriptsOutsidePolicy(tampered)).toEqual(['steal()']);
    const ports = withInlineScript(html, 'window.__STUDIO_EMULATOR_PORTS__={"database":9400}');
    expect(scriptsOutsidePolicy(ports)).toEqual([]);
    expect(inlineScripts(ports)).toHaveLength(3);
  });

  it("names only a real project's own hosts, and pictures from its bucket alone", () => {
    const policy = contentSecurityPolicy([], policyHostsFor(PROJECT, false));
    const directive = (name: string) =>
      policy
        .split('; ')
        .find((part) => part.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://firebasestorage.googleapis.com/v0/b/ritmo.firebasestorage.app/',
    ]);
    expect(directive('connect-src')).toEqual(
      expect.arrayContaining([
        'https://ritmo-default-rtdb.firebaseio.com',
        'wss://*.firebaseio.com',
        'https://us-central1-ritmo.cloudfunctions.net',
        'https://identitytoolkit.googleapis.com',
      ]),
    );
    expect(directive('connect-src')).not.toContain('http:');
    expect(directive('frame-src')).toContain('https://ritmo.firebaseapp.com');
    expect(directive('object-src')).toEqual(["'none'"]);
  });

  it('lets an emulator build reach its emulators on the host that serves it', () => {
    const policy = contentSecurityPolicy([], policyHostsFor({}, true));
    expect(policy).toContain("connect-src 'self' http: ws:");
  });
});
