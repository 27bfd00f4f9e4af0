// The app's Content-Security-Policy (docs/architecture/web-app.md#content-security-policy):
// written into the built index.html as a `<meta http-equiv>` policy, because its script hashes
// are those of this build's own inline scripts (route chunks, typefaces, the project's database
// address) and Hosting's headers are fixed in firebase.json. firebase.json's header policy adds
// what a meta policy cannot say (frame-ancestors); the browser enforces both.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import type { FirebaseEnv } from '../src/lib/firebase-config';
import {
  DEFAULT_REGION,
  isEmulatorBuild,
  productionSetup,
  resolveFirebaseSetup,
} from '../src/lib/firebase-config';

/** An executable inline script: no `src`, no type or a JavaScript one. */
const INLINE_SCRIPT = /<script((?:\s+(?!src\b)[\w-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype="(?!module"|text\/javascript")[^"]*"/i;
const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/i;

/** The bodies of `html`'s executable inline scripts, in order. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes = '']) => !DATA_TYPE.test(attributes))
    .map(([, , body = '']) => body);
}

/** A script's CSP source: `'sha256-<base64>'` of its exact text. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** Where the app may connect and load from, besides its own origin. */
export interface PolicyHosts {
  connect: string[];
  img: string[];
  script: string[];
  frame: string[];
}

/**
 * The hosts of a build: a real project's database, Auth, callable functions, Storage bucket and
 * App Check (reCAPTCHA Enterprise); an emulator build reaches its emulators over plain http and
 * ws on whatever host serves it (it is never deployed: the production build refuses demo ids).
 */
export function policyHostsFor(env: FirebaseEnv, forEmulators: boolean): PolicyHosts {
  if (forEmulators) {
    const { options } = resolveFirebaseSetup({ ...env, VITE_USE_EMULATORS: 'true' }, 'localhost');
    return {
      connect: ['http:', 'ws:'],
      img: ['http:'],
      script: [],
      // Google sign-in's helper frame comes from the Auth emulator.
      frame: ['http:', `https://${options.authDomain ?? ''}`],
    };
  }
  const { options, region } = productionSetup(env);
  const database = new URL(options.databaseURL ?? '');
  const databaseHosts = database.hostname.endsWith('.firebasedatabase.app')
    ? ['*.firebasedatabase.app']
    : ['*.firebaseio.com'];
  return {
    connect: [
      `https://${database.hostname}`,
      ...databaseHosts.map((host) => `wss://${host}`),
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      `https://${region || DEFAULT_REGION}-${options.projectId ?? ''}.cloudfunctions.net`,
      'https://firebasestorage.googleapis.com',
      'https://content-firebaseappcheck.googleapis.com',
      'https://www.google.com/recaptcha/',
    ],
    // Only the studio's own bucket: the path pins it (core/src/images.ts says the same).
    img: [
      `https://firebasestorage.googleapis.com/v0/b/${encodeURIComponent(options.storageBucket ?? '')}/`,
    ],
    // The database's long-polling fallback, Google sign-in's helper, reCAPTCHA Enterprise.
    script: [
      ...databaseHosts.map((host) => `https://${host}`),
      'https://apis.google.com',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ],
    frame: [
      `https://${options.authDomain ?? ''}`,
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ],
  };
}

/**
 * The policy of a page whose inline scripts hash to `hashes`. Styles may be inline: the studio's
 * colours and typeface are written into `<style>` elements at run time.
 */
export function contentSecurityPolicy(hashes: readonly string[], hosts: PolicyHosts): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes, ...hosts.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...hosts.img].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", ...hosts.connect].join(' '),
    ['frame-src', ...hosts.frame].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The policy `html` carries in its meta element, or null. */
export function policyOf(html: string): string | null {
  return META.exec(html)?.[1] ?? null;
}

/** The inline scripts of `html` its own policy does not allow (by their first characters). */
export function scriptsOutsidePolicy(html: string): string[] {
  const policy = policyOf(html) ?? '';
  const allowed = new Set(/(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []);
  return inlineScripts(html)
    .filter((body) => !allowed.has(scriptHash(body)))
    .map((body) => body.trim().slice(0, 60));
}

/** `html` with its meta policy (before any script) allowing exactly its inline scripts. */
export function withPolicy(html: string, hosts: PolicyHosts): string {
  const body = html.replace(META, '');
  const policy = contentSecurityPolicy(inlineScripts(body).map(scriptHash), hosts);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  // After the charset, which must come within the first 1,024 bytes.
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  return charset.test(body)
    ? body.replace(charset, (tag) => `${tag}\n    ${meta}`)
    : body.replace(/<head>/i, `<head>\n    ${meta}`);
}

/**
 * `html` with one more inline script before `</head>`, which its policy then allows too: how a
 * stack on other ports tells the served app where its emulators are (scripts/lib/stack.ts).
 */
export function withInlineScript(html: string, body: string): string {
  const withScript = html.replace('</head>', `<script>${body}</script></head>`);
  const policy = policyOf(withScript);
  if (policy === null) return withScript;
  const extended = policy.replace(/(^|;\s*)script-src /, `$1script-src ${scriptHash(body)} `);
  return withScript.replace(META, (meta) =>
    meta.replace(/content="[^"]*"/, `content="${extended}"`),
  );
}

/** Writes the policy into the built index.html, after every other plugin has written its scripts. */
export function contentSecurityPolicyInIndexHtml(): Plugin {
  let hosts: PolicyHosts | undefined;
  return {
    name: 'studio:content-security-policy',
    apply: 'build',
    configResolved({ env, isProduction }) {
      hosts = policyHostsFor(env, !isProduction || isEmulatorBuild(env));
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (hosts === undefined) throw new Error('the content security policy has no hosts');
        return withPolicy(html, hosts);
      },
    },
  };
}
