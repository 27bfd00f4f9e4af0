// Hostile member data, followed to where it is delivered and shown: members write markup, bait
// text with a link, someone else's address, a right-to-left override and prototype names into
// their own profile (through the client SDK, under the rules, as an attacker would) and a guest's
// name, book a class and buy credits. Then the mail MailDev received (recipient, subject, the
// sender's display name, text and HTML) and the admins' and coach's screens in Chromium
// (all-users and the member sheet, the class list, the checador, lista-pagos) are read: nothing
// injected, the words shown as inert text, no link made of them, and not one request to a host
// outside the local stack (every request the pages make is recorded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  getDatabase,
  goOffline,
  ref,
  set,
  update,
} from 'firebase/database';
import type { Page } from 'playwright-core';
import { paths, type StudioClass, type UserClass } from '@studio/core';
import type { InboxMessage } from '../../scripts/lib/mail-inbox.ts';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';
import { profileUpdate } from '../../web/src/lib/profile-update.ts';
import { callAs, offerAlreadyShown, until, useJourney } from '../support/journey.ts';

const journey = useJourney();
const STEP = 420_000;
const ARRIVAL = { timeout: 120_000 };
const HOUR_MS = 60 * 60 * 1000;
const COACH_ID = 'carlos';

/** Three members, each with the review's hostile values in their own profile. */
const MARKUP = {
  uid: 'demo-member17',
  email: 'member17@demo.studio',
  Name: 'Mallory <img src=https://evil.example/n.gif onerror=alert(1)><b>x</b>',
  // Someone else's address as the profile's e-mail: display data, never a recipient.
  Email: 'alice@victim.example',
  Phone: '+52 81 5555 0101',
} as const;
const BAIT = {
  uid: 'demo-member18',
  email: 'member18@demo.studio',
  Name: 'Your card was declined - re-enter it at https://evil.example/pay',
  Email: 'member18@demo.studio',
  Phone: '<script>alert(3)</script>',
} as const;
const RTL = {
  uid: 'demo-member19',
  email: 'member19@demo.studio',
  Name: 'Rtlname \u202Egnp.exe\u202C __proto__',
  Email: 'member19@demo.studio',
  Phone: 'constructor',
} as const;
const HOSTILE = [MARKUP, BAIT, RTL];
const GUEST_NAME = '<script>alert(2)</script>Guest https://evil.example';
/** A download URL of Google's storage host in a bucket that is not the studio's (rules allow it). */
const FOREIGN_BUCKET_IMG = `https://firebasestorage.googleapis.com/v0/b/evil-bucket/o/members%2F${MARKUP.uid}%2Favatar%2Fx?alt=media`;

let app: FirebaseApp;
let classId = '';
let cls: StudioClass;
let sessionId = '';

const inboxUrl = () => `http://127.0.0.1:${journey.stack.ports.mailInbox}`;

async function inbox(): Promise<InboxMessage[]> {
  const response = await fetch(`${inboxUrl()}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

/** Signs the client SDK in as `email` (the previous member signed out). */
async function signInAs(email: string): Promise<void> {
  const auth = getAuth(app);
  if (auth.currentUser) await signOut(auth);
  await signInWithEmailAndPassword(auth, email, DEMO_PASSWORD);
}

/** What a refused client write carries: the SDK's PERMISSION_DENIED error. */
async function refusal(write: Promise<void>): Promise<string> {
  try {
    await write;
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error('the write was accepted');
}

/** Everything a page asks for, and the dialogs it opens (an alert() would be injected script). */
interface Watched {
  page: Page;
  requests: string[];
  dialogs: string[];
}

async function watchedPage(email: string): Promise<Watched> {
  const requests: string[] = [];
  const dialogs: string[] = [];
  const page = await journey.newPage();
  page.on('request', (request) => requests.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await offerAlreadyShown(page);
  await journey.signIn(page, email);
  return { page, requests, dialogs };
}

/** Hosts outside the local stack the page has asked for (data: and blob: are the page's own). */
function foreignRequests(requests: string[]): string[] {
  return requests.filter((url) => {
    if (url.startsWith('data:') || url.startsWith('blob:')) return false;
    const host = new URL(url).hostname;
    return host !== '127.0.0.1' && host !== 'localhost';
  });
}

/**
 * Nothing the members wrote became markup or a link: no element from their text, no handler
 * attribute, no link or picture to the bait host, every picture drawn from the stack or a data
 * URL, no dialog, no request outside the stack.
 */
async function expectInert({ page, requests, dialogs }: Watched, where: string): Promise<void> {
  const found = await page.evaluate(() => ({
    handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) =>
      (s.textContent ?? '').includes('alert('),
    ).length,
    bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'x').length,
    links: [...document.querySelectorAll('a[href]')]
      .map((a) => (a as HTMLAnchorElement).href)
      .filter((href) => href.includes('evil.example')),
    pictures: [...document.querySelectorAll('img')]
      .map((img) => img.currentSrc || img.src)
      .filter((src) => src && !src.startsWith('data:') && !src.startsWith('blob:'))
      .filter((src) => new URL(src).hostname !== '127.0.0.1'),
  }));
  expect(found, where).toEqual({ handlers: 0, scripts: 0, bold: 0, links: [], pictures: [] });
  expect(dialogs, where).toEqual([]);
  expect(foreignRequests(requests), where).toEqual([]);
}

/** The text of the page's main content, as a person reads it. */
const shownText = (page: Page) => page.locator('body').innerText();

/** A class of the demo coach tomorrow or later, outside the cancellation window. */
async function coachClass(): Promise<[string, StudioClass]> {
  const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
  const found = Object.entries(classes)
    .filter(
      ([, c]) =>
        c.coach === COACH_ID &&
        c.status !== 'cancelled' &&
        c.startsAt > Date.now() + 13 * HOUR_MS &&
        c.startsAt < Date.now() + 6 * 24 * HOUR_MS &&
        (c.bookedCount ?? 0) < c.capacity - 5,
    )
    .sort((a, b) => a[1].startsAt - b[1].startsAt)[0];
  if (!found) throw new Error(`no class of ${COACH_ID} ahead`);
  return found;
}

beforeAll(async () => {
  const stack = journey.stack;
  app = initializeApp(
    {
      projectId: stack.projectId,
      apiKey: 'demo-api-key',
      databaseURL: `http://127.0.0.1:${stack.ports.database}?ns=${stack.namespace}`,
    },
    'hostile-member-data',
  );
  connectAuthEmulator(getAuth(app), `http://127.0.0.1:${stack.ports.auth}`, {
    disableWarnings: true,
  });
  connectDatabaseEmulator(getDatabase(app), '127.0.0.1', stack.ports.database);
  await journey.warm(['bookClass', 'bookGuest', 'createCheckoutSession']);
}, 300_000);

afterAll(async () => {
  if (!app) return;
  goOffline(getDatabase(app));
  await deleteApp(app);
});

describe('hostile values a member writes, followed to mail and screens', () => {
  it(
    'the rules take the profile texts with their directory copy, and refuse what cannot be shown safely',
    async () => {
      const db = getDatabase(app);
      for (const member of HOSTILE) {
        await signInAs(member.email);
        const { Name, Email, Phone } = member;
        await update(ref(db), profileUpdate(member.uid, { Name, Email, Phone }));
        expect(await journey.read(paths.userField(member.uid, 'Name'))).toBe(Name);
      }
      await signInAs(MARKUP.email);
      const before = await journey.read(paths.user(MARKUP.uid));
      const beforeRow = await journey.read(paths.userDirectoryEntry(MARKUP.uid));
      // 2,000 characters, a picture on a third party's host, a directory copy that says
      // someone else: each refused, nothing written.
      const refusals = [
        await refusal(update(ref(db), profileUpdate(MARKUP.uid, { Name: 'x'.repeat(2000) }))),
        await refusal(
          set(ref(db, paths.userField(MARKUP.uid, 'Img')), 'https://evil.example/px.gif'),
        ),
        await refusal(
          update(ref(db), {
            [paths.userField(MARKUP.uid, 'Name')]: 'Mallory',
            [paths.userDirectoryField(MARKUP.uid, 'name')]: 'Alice Smith',
          }),
        ),
      ];
      for (const message of refusals) expect(message).toMatch(/permission_denied/i);
      expect(await journey.read(paths.user(MARKUP.uid))).toEqual(before);
      expect(await journey.read(paths.userDirectoryEntry(MARKUP.uid))).toEqual(beforeRow);
      // Google's storage host in another bucket passes the rules (they cannot know the
      // bucket's name in production): the screens below must not draw it.
      await set(ref(db, paths.userField(MARKUP.uid, 'Img')), FOREIGN_BUCKET_IMG);
    },
    STEP,
  );

  it(
    'mail: sent to the sign-in address, the words plain and short in the body only',
    async () => {
      [classId, cls] = await coachClass();
      for (const member of HOSTILE) await callAs(journey, member.email, 'bookClass', { classId });
      await callAs(journey, RTL.email, 'bookGuest', {
        classId,
        guestName: GUEST_NAME,
        requestId: 'hostile-guest',
      });
      const { sessionId: opened } = (await callAs(journey, BAIT.email, 'createCheckoutSession', {
        kind: 'credits',
        packageId: 'credits-5',
        successUrl: `${journey.baseUrl}/tabs/gracias-compra?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${journey.baseUrl}/tabs/inicio`,
      })) as { sessionId: string };
      sessionId = opened;
      const completed = await fetch(
        `${journey.stack.stripe.url}/_sandbox/checkout_sessions/${sessionId}/complete`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      );
      expect(completed.ok).toBe(true);

      const ids = await Promise.all(
        HOSTILE.map(
          async (member) =>
            `booked-${((await journey.read(paths.userClass(member.uid, classId))) as UserClass).bookingId}`,
        ),
      );
      ids.push(`receipt-${sessionId}`);
      const sentFor = (mail: InboxMessage, id: string) =>
        Object.entries(mail.headers).some(
          ([name, value]) => name.toLowerCase() === 'message-id' && value.startsWith(`<${id}@`),
        );
      const mails = await until(inbox, (all) =>
        ids.every((id) => all.some((mail) => sentFor(mail, id))),
      );
      expect(mails.length).toBeGreaterThanOrEqual(ids.length);
      const recipients = mails.flatMap((mail) => mail.to.map((to) => to.address));
      expect(recipients.filter((address) => address.includes('victim.example'))).toEqual([]);
      for (const member of HOSTILE) expect(recipients).toContain(member.email);
      for (const mail of mails) {
        const where = `${mail.subject} → ${mail.to.map((to) => to.address).join()}`;
        // Never the member's words where a client shows the sender's or the studio's.
        const headers = [mail.subject, ...mail.from.map((from) => from.name)];
        for (const header of headers) {
          for (const member of HOSTILE)
            expect(header, where).not.toContain(member.Name.slice(0, 7));
          expect(header, where).not.toMatch(/evil|victim|\u202E|[<>]/);
        }
        for (const body of [mail.text ?? '', mail.html ?? '']) {
          expect(body, where).not.toContain('evil.example');
          expect(body, where).not.toContain('victim.example');
          expect(body, where).not.toContain('\u202E');
        }
        const html = mail.html ?? '';
        expect(html, where).not.toMatch(/<img[^>]*evil|<script|onerror=|<b>x<\/b>/i);
        // Every link in the HTML goes to the app or the unsubscribe endpoint.
        for (const [, href] of html.matchAll(/href="([^"]*)"/g))
          expect(new URL(href!.replace(/&amp;/g, '&')).hostname, where).toBe('127.0.0.1');
      }
      // Each member is named in their own confirmation, as inert, shortened text (this booking's:
      // the shared inbox also holds earlier journeys' mail to the same demo account).
      const markupMail = mails.find((mail) => sentFor(mail, ids[0]!));
      expect(markupMail?.to.map((to) => to.address)).toEqual([MARKUP.email]);
      expect(markupMail?.text).toContain('Mallory');
      expect(markupMail?.html).toMatch(/Mallory &lt;img/);
    },
    STEP,
  );

  it(
    "admins' all-users list and member sheet show the words as text and load nothing foreign",
    async () => {
      const admin = await watchedPage('admin@demo.studio');
      const { page } = admin;
      await page.goto(`${journey.baseUrl}/all-users`);
      await page
        .getByRole('button', { name: /^Open / })
        .first()
        .waitFor(ARRIVAL);
      await page.getByLabel('Search by name, e-mail or phone').fill('mallory');
      await page.getByText('Members shown: 1').waitFor(ARRIVAL);
      expect(await shownText(page)).toContain(MARKUP.Name);
      await expectInert(admin, 'all-users');
      await page.getByRole('button', { name: /^Open Mallory/ }).click(ARRIVAL);
      await page.getByRole('heading', { level: 2, name: MARKUP.Name }).waitFor(ARRIVAL);
      const sheet = await shownText(page);
      expect(sheet).toContain(MARKUP.Email);
      await expectInert(admin, 'member sheet');

      // The sheet covers the list: the next member is found from the list again.
      await page.goto(`${journey.baseUrl}/all-users`);
      await page
        .getByRole('button', { name: /^Open / })
        .first()
        .waitFor(ARRIVAL);
      await page.getByLabel('Search by name, e-mail or phone').fill('your card');
      await page.getByText('Members shown: 1').waitFor(ARRIVAL);
      await page.getByRole('button', { name: /^Open Your card/ }).click(ARRIVAL);
      await page.getByRole('heading', { level: 2, name: BAIT.Name }).waitFor(ARRIVAL);
      expect(await shownText(page)).toContain(BAIT.Phone);
      await expectInert(admin, 'member sheet (bait)');
    },
    STEP,
  );

  it(
    'lista-pagos names the buyer as text, never as a link',
    async () => {
      const admin = await watchedPage('admin@demo.studio');
      const { page } = admin;
      await page.goto(`${journey.baseUrl}/lista-pagos`);
      await page.getByLabel('Member (name or e-mail)').fill('your card');
      const row = page.getByRole('row').filter({ hasText: 'evil.example/pay' });
      await row.first().waitFor(ARRIVAL);
      expect(await row.first().innerText()).toContain(BAIT.Name);
      await expectInert(admin, 'lista-pagos');
    },
    STEP,
  );

  it(
    "the coach's class list and the checador show the names and the guest as inert text",
    async () => {
      const coach = await watchedPage('coach@demo.studio');
      const { page } = coach;
      await page.goto(`${journey.baseUrl}/admin-lists-class`);
      await page.getByRole('heading', { name: 'User Class Lists' }).waitFor(ARRIVAL);
      await page.getByLabel('Date', { exact: true }).fill(cls.date);
      await page
        .getByRole('region', { name: 'My classes' })
        .getByRole('link', { name: new RegExp(`^Open the list of .+ at ${cls.hour}$`) })
        .click(ARRIVAL);
      await page.getByRole('row').filter({ hasText: 'Mallory' }).waitFor(ARRIVAL);
      const list = await shownText(page);
      for (const name of [MARKUP.Name, BAIT.Name, RTL.Name]) expect(list).toContain(name);
      expect(list).toContain(GUEST_NAME);
      await expectInert(coach, 'class list');

      await page.goto(`${journey.baseUrl}/checador?class=${classId}`);
      await page.getByRole('button', { name: /^Mallory.*: attended$/ }).waitFor(ARRIVAL);
      const roster = await shownText(page);
      for (const name of [MARKUP.Name, BAIT.Name]) expect(roster).toContain(name);
      expect(roster).toContain(GUEST_NAME);
      await expectInert(coach, 'checador');
    },
    STEP,
  );
});
