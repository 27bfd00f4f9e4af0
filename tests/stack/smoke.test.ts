// The local stack itself, started exactly as `npm start` starts it (on free ports): every port
// answers (the mail inbox too), the built PWA is served, the demo data is loaded, a demo member
// signs in through the Auth emulator and a callable function reaches the database emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectDatabaseEmulator, get, getDatabase, goOffline, ref } from 'firebase/database';
import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref as storageRef,
  uploadBytes,
} from 'firebase/storage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../scripts/lib/seed.ts';
import { inlineScripts, scriptsOutsidePolicy } from '../../web/build/csp.ts';
import { useJourney, type JourneyStack } from '../support/journey.ts';

const journey = useJourney();
let stack: JourneyStack;
let app: FirebaseApp;

beforeAll(() => {
  stack = journey.stack;
  app = initializeApp(
    {
      projectId: stack.projectId,
      apiKey: 'demo-api-key',
      databaseURL: `http://127.0.0.1:${stack.ports.database}?ns=${stack.namespace}`,
      storageBucket: stack.env.STORAGE_BUCKET_URL,
    },
    'smoke',
  );
  connectStorageEmulator(getStorage(app), '127.0.0.1', stack.ports.storage);
  connectAuthEmulator(getAuth(app), `http://127.0.0.1:${stack.ports.auth}`, {
    disableWarnings: true,
  });
  connectDatabaseEmulator(getDatabase(app), '127.0.0.1', stack.ports.database);
});

afterAll(async () => {
  goOffline(getDatabase(app));
  await deleteApp(app);
});

describe('the local stack', () => {
  it('answers on every port it opened', async () => {
    const answers = await Promise.all([
      fetch(`http://127.0.0.1:${stack.ports.database}/.json?ns=${stack.namespace}&shallow=true`, {
        headers: { Authorization: 'Bearer owner' },
      }),
      fetch(`http://127.0.0.1:${stack.ports.auth}/`),
      fetch(`http://127.0.0.1:${stack.ports.hosting}/`),
      fetch(`http://127.0.0.1:${stack.ports.mailInbox}/api/healthz`),
      fetch(`http://127.0.0.1:${stack.ports.storage}/v0`),
      fetch(`http://127.0.0.1:${stack.ports.push}/api/messages`),
    ]);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('runs the push service stand-in and tells the functions its origin and key', () => {
    expect(stack.env.PUSH_LOCAL_SERVICE_ORIGINS).toBe(`http://127.0.0.1:${stack.ports.push}`);
    expect(stack.env.VAPID_PUBLIC_KEY).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('runs a mail inbox and points the functions at its SMTP port', async () => {
    expect(stack.env.SMTP_HOST).toBe('127.0.0.1');
    expect(stack.env.SMTP_PORT).toBe(String(stack.ports.smtp));
    expect(stack.env.MAIL_INBOX_URL).toBe(`http://127.0.0.1:${stack.ports.mailInbox}`);
    const inbox = await fetch(`${stack.env.MAIL_INBOX_URL}/api/email`);
    expect(inbox.status).toBe(200);
    expect(Array.isArray(await inbox.json())).toBe(true);
    const page = await fetch(`${stack.env.MAIL_INBOX_URL}/`, { headers: { Accept: 'text/html' } });
    expect(await page.text()).toContain('<html');
  });

  it('sweeps the mail outbox into its inbox, as the emulator fires no trigger', async () => {
    const users = (await journey.read('Users')) as Record<string, { Email?: string }>;
    const [uid] = Object.entries(users).find(([, user]) => user.Email === 'member@demo.studio')!;
    const id = `welcome-smoke-${Date.now()}`;
    const written = await fetch(
      `${stack.database.url}/MailOutbox/${id}.json?ns=${stack.namespace}`,
      {
        method: 'PUT',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify({
          kind: 'welcome',
          uid,
          message: { kind: 'welcome', waiverAccepted: true },
          status: 'pending',
          createdAt: Date.now(),
          attempts: 0,
          nextAttemptAt: Date.now(),
        }),
      },
    );
    expect(written.status).toBe(200);
    const deadline = Date.now() + 30_000;
    let found: { subject: string; headers: Record<string, string> } | undefined;
    while (found === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const mails = (await (await fetch(`${stack.env.MAIL_INBOX_URL}/api/email`)).json()) as {
        subject: string;
        headers: Record<string, string>;
      }[];
      found = mails.find((mail) => mail.headers['message-id']?.includes(id));
    }
    expect(found?.subject).toMatch(/^(Welcome to|Bienvenido a) /);
    expect(await journey.read(`MailOutbox/${id}/status`)).toBe('sent');
  });

  it('serves the built PWA with its manifest, also on deep links', async () => {
    const index = await (await fetch(`http://127.0.0.1:${stack.ports.hosting}/`)).text();
    expect(index).toContain('<div id="root">');
    expect(index).toMatch(/manifest/);
    const deepLink = await fetch(
      `http://127.0.0.1:${stack.ports.hosting}/tabs/calendario/choose/user`,
    );
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');
  });

  it("serves Hosting's security headers, and a policy that allows each inline script", async () => {
    const home = await fetch(`http://127.0.0.1:${stack.ports.hosting}/tabs/inicio`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('referrer-policy')).toBe('same-origin');
    expect(home.headers.get('permissions-policy')).toMatch(/^camera=\(\),/);
    const checador = await fetch(`http://127.0.0.1:${stack.ports.hosting}/checador`);
    expect(checador.headers.get('permissions-policy')).toMatch(/^camera=\(self\),/);
    // The stack's own script (its ports) joins the build's hashes.
    const html = await home.text();
    expect(inlineScripts(html).some((body) => body.includes('__STUDIO_EMULATOR_PORTS__='))).toBe(
      true,
    );
    expect(scriptsOutsidePolicy(html)).toEqual([]);
  });

  it('lets a demo member sign in through the Auth emulator and read their own record', async () => {
    const member = DEMO_ACCOUNTS.find((account) => account.email === 'member@demo.studio');
    expect(member).toBeDefined();
    const credential = await signInWithEmailAndPassword(getAuth(app), member!.email, DEMO_PASSWORD);
    const user = await get(ref(getDatabase(app), `Users/${credential.user.uid}`));
    expect(user.child('Email').val()).toBe('member@demo.studio');
    expect(user.child('Credits').val()).toBe(10);
  });

  it('has the demo data: a studio schedule, packages and subscription prices', async () => {
    const db = stack.database;
    const read = async (path: string) =>
      (await (
        await fetch(`${db.url}/${path}.json?ns=${stack.namespace}&shallow=true`, {
          headers: { Authorization: 'Bearer owner' },
        })
      ).json()) as Record<string, unknown> | null;
    expect(Object.keys((await read('Classes')) ?? {}).length).toBeGreaterThan(14);
    expect(Object.keys((await read('Packages')) ?? {}).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys((await read('SuscriptionPrices')) ?? {})).toHaveLength(2);
    expect(await read('Coupons/WELCOME10')).not.toBeNull();
  });

  it('signs a demo member in through the login form, as the journeys do', async () => {
    const page = await journey.newPage();
    await journey.signIn(page, 'member3@demo.studio');
    expect(page.url()).toContain('/tabs/inicio');
    const users = (await journey.read('Users')) as Record<string, { Email?: string }>;
    expect(Object.values(users).some((user) => user.Email === 'member3@demo.studio')).toBe(true);
  });

  it("takes a member's own photo in Storage with their Auth emulator token, under storage.rules", async () => {
    const { user } = await signInWithEmailAndPassword(
      getAuth(app),
      'member4@demo.studio',
      DEMO_PASSWORD,
    );
    const own = storageRef(getStorage(app), `members/${user.uid}/avatar/smoke/192.webp`);
    await uploadBytes(own, new Uint8Array([82, 73, 70, 70]), { contentType: 'image/webp' });
    const url = await getDownloadURL(own);
    expect((await fetch(url)).status).toBe(200);
    const others = storageRef(getStorage(app), 'members/demo-member/avatar/smoke/192.webp');
    await expect(
      uploadBytes(others, new Uint8Array([1]), { contentType: 'image/webp' }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    const studio = storageRef(getStorage(app), 'studio/cover/smoke/1280.webp');
    await expect(
      uploadBytes(studio, new Uint8Array([1]), { contentType: 'image/webp' }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
  });

  it('runs callable functions against the database emulator', async () => {
    const auth = getAuth(app);
    const member = await signInWithEmailAndPassword(auth, 'member2@demo.studio', DEMO_PASSWORD);
    const token = await member.user.getIdToken();
    const response = await fetch(stack.functionUrl('stampServerTime'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: {} }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { Ts: number } };
    expect(Math.abs(body.result.Ts - Date.now())).toBeLessThan(60_000);
    const stamp = await get(ref(getDatabase(app), `DateService/${member.user.uid}`));
    expect(stamp.child('Ts').val()).toBe(body.result.Ts);
    expect(stamp.child('User').val()).toBe(member.user.uid);
  });

  it('shows the app in Chromium with live data from the database emulator', async () => {
    const page = await journey.newPage();
    await page.goto(journey.baseUrl);
    await page.waitForURL(/\/tabs\/inicio$/);
    // The subscription modal opens 5 s after start with the prices read from SuscriptionPrices.
    const modal = page.getByRole('dialog');
    await modal.waitFor({ timeout: 20_000 });
    expect(await modal.getByText('BEST CHOICE').isVisible()).toBe(true);
    await modal.getByText('$89 USD').waitFor({ timeout: 20_000 });
    expect(await modal.getByText('$119 USD').isVisible()).toBe(true);
  });
});
