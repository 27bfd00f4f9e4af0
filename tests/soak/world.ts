// The local stack's real parts, in this process, as the soak drives them: the database emulator
// (persisting to a folder, so it can be restarted from its data mid-run), the Stripe sandbox,
// MailDev, the push service stand-in, and the functions' handlers called with the deployed admin
// SDK and a simulated clock.
// The database runs the project's rules, so what members write themselves goes through them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp } from 'firebase-admin/app';
import type { Database } from 'firebase-admin/database';
import nodemailer from 'nodemailer';
import type Stripe from 'stripe';
import webPush from 'web-push';
import { startPushService, type PushService } from '@studio/push-service';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import { startStripeSandbox, type StripeSandbox } from '@studio/stripe-sandbox';
import { adminApp, adminDatabase } from '../../functions/src/admin.ts';
import { stripeClient } from '../../functions/src/triggers/payments/config.ts';
import { createMailTransport } from '../../functions/src/mail/config.ts';
import type { BookingDeps } from '../../functions/src/engine/deps.ts';
import { rushWith } from '../../functions/src/engine/rush/index.ts';
import { listenerMirrors } from '../../functions/src/engine/rush/live.ts';
import type { MailDeps } from '../../functions/src/handlers/mail/deps.ts';
import type { MailAccount } from '../../functions/src/handlers/mail/recipient.ts';
import type { PaymentDeps } from '../../functions/src/handlers/payments/deps.ts';
import type { PushDeps } from '../../functions/src/handlers/push/deps.ts';
import type { DeviceDeps } from '../../functions/src/handlers/push/devices.ts';
import { startMailInbox, type MailInbox } from '../../scripts/lib/mail-inbox.ts';
import { simClock, type SimClock } from './clock.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PUSH_TIMEOUT_MS = 2_000;
export const STRIPE_KEY = 'sk_test_soak';
export const WEBHOOK_SECRET = 'whsec_soak';
export const APP_ORIGIN = 'http://127.0.0.1:5000';

/** The member presses Pay on the sandbox's checkout page. */
export async function payCheckout(world: World, sessionId: string, email: string): Promise<void> {
  const response = await fetch(
    `${world.sandbox.url}/_sandbox/checkout_sessions/${sessionId}/complete`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    },
  );
  if (!response.ok)
    throw new Error(`sandbox pay ${sessionId}: ${response.status} ${await response.text()}`);
}

export interface World {
  readonly clock: SimClock;
  /** The admin SDK's database, as the deployed functions have it. */
  readonly db: Database;
  readonly sandbox: StripeSandbox;
  /** The functions' Stripe client, on the sandbox (STRIPE_API_URL).  */
  readonly stripe: Stripe;
  readonly inbox: MailInbox;
  /** The push service stand-in: members' devices and what reached them. */
  readonly push: PushService;
  /** The public VAPID key devices subscribe with. */
  readonly vapidPublicKey: string;
  /** The database emulator's address (it changes neither port nor data across restarts). */
  readonly databaseUrl: string;
  bookingDeps: (db?: Database) => BookingDeps;
  paymentDeps: (db?: Database) => PaymentDeps;
  mailDeps: (db?: Database) => MailDeps;
  /**
   * Creates a member's Auth account as sign-up does, its e-mail verified (the soak's members
   * open the verification link): the mail sender reads it for the address.
   */
  signUp(uid: string, email: string): void;
  pushDeps: (db?: Database) => PushDeps;
  deviceDeps: (db?: Database) => DeviceDeps;
  /** Stops the database emulator and starts it again on its port from its data folder. */
  restartDatabase(): Promise<void>;
  /** Turns the SMTP server away (true) or back (false): sends fail until it is back. */
  setMailOutage(down: boolean): void;
  /**
   * Mail goes to a server that takes the connection and never greets (true) until set back:
   * each send ends in the transport's timeout.
   */
  setMailStall(stalled: boolean): void;
  /** How long the push sender waits for the push service's answer. */
  readonly pushTimeoutMs: number;
  stop(): Promise<void>;
}

export async function startWorld(startMs: number): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soak-'));
  const rules = readFileSync(path.join(ROOT, 'database.rules.json'), 'utf8');
  let database: RtdbEmulator = await startRtdbEmulator({
    port: 0,
    dataDir: path.join(dataDir, 'rtdb'),
    rules,
  });
  const sandbox = await startStripeSandbox({ port: 0, webhookSecret: WEBHOOK_SECRET });
  const inbox = await startMailInbox({ mailDirectory: path.join(dataDir, 'mail') });
  // VAPID tokens carry the machine's time (web-push signs with it), so the stand-in checks them
  // against that, not the simulated clock.
  const push = await startPushService();
  const vapid = { subject: 'mailto:soak@demo.studio', ...webPush.generateVAPIDKeys() };
  Object.assign(process.env, {
    GCLOUD_PROJECT: 'demo-studio',
    FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${database.port}`,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: sandbox.url,
    APP_ORIGINS: APP_ORIGIN,
  });
  const db = adminDatabase();
  // The functions' own client (their copy of the SDK: the webhook checks its error classes).
  const stripe = stripeClient();
  const clock = simClock(startMs);
  const sandboxClock = async (nowMs: number) => {
    const response = await fetch(`${sandbox.url}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: Math.floor(nowMs / 1000) }),
    });
    if (!response.ok) throw new Error(`sandbox clock: ${response.status}`);
  };
  clock.follow((nowMs) => database.setClockOffset(nowMs - Date.now()));
  clock.follow(sandboxClock);
  await clock.advanceTo(startMs);

  let mailDown = false;
  const transport = createMailTransport({
    host: '127.0.0.1',
    port: inbox.smtpPort,
    secure: false,
    from: 'Studio <no-reply@demo.studio>',
  });
  // A transport whose server is away: the connection is refused, as during an outage.
  const downTransport = createMailTransport({
    host: '127.0.0.1',
    port: 1,
    secure: false,
    from: 'Studio <no-reply@demo.studio>',
  });
  // A mail server that takes connections and never says hello. The transport gives up after a
  // second rather than production's ten (createMailTransport): the same error, sooner.
  const silentSockets = new Set<Socket>();
  const silent = createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentPort = (silent.address() as { port: number }).port;
  const stalledTransport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: silentPort,
    secure: false,
    connectionTimeout: 1_000,
    greetingTimeout: 1_000,
    socketTimeout: 1_000,
  });
  let mailStalled = false;
  // The Auth accounts: mail goes to a member's verified sign-in e-mail.
  const accounts = new Map<string, MailAccount>();
  // Every handler reads through the same live copies, whatever database wrapper it is handed.
  const rush = rushWith(() => listenerMirrors(db));

  return {
    clock,
    db,
    sandbox,
    stripe,
    inbox,
    push,
    vapidPublicKey: vapid.publicKey,
    get databaseUrl() {
      return database.url;
    },
    bookingDeps: (handle = db) => ({ db: handle, now: clock.now, rush }),
    paymentDeps: (handle = db) => ({ db: handle, stripe, now: clock.now }),
    mailDeps: (handle = db) => ({
      db: handle,
      accounts: (uid) => Promise.resolve(accounts.get(uid)),
      now: clock.now,
      mailer: {
        transport: mailStalled ? stalledTransport : mailDown ? downTransport : transport,
        from: 'Studio <no-reply@demo.studio>',
        appUrl: APP_ORIGIN,
        unsubscribeEndpoint: `${APP_ORIGIN}/mailUnsubscribe`,
        unsubscribeSecret: 'soak-unsubscribe-secret',
      },
    }),
    signUp(uid, email) {
      accounts.set(uid, { email, emailVerified: true });
    },
    pushDeps: (handle = db) => ({
      db: handle,
      now: clock.now,
      pusher: { vapid, localOrigins: [push.url], timeoutMs: PUSH_TIMEOUT_MS },
      random: () => 0.5,
    }),
    deviceDeps: (handle = db) => ({ db: handle, now: clock.now, localOrigins: [push.url] }),
    async restartDatabase() {
      const port = database.port;
      await database.stop();
      database = await startRtdbEmulator({ port, dataDir: path.join(dataDir, 'rtdb'), rules });
      database.setClockOffset(clock.now() - Date.now());
    },
    setMailOutage(down) {
      mailDown = down;
    },
    setMailStall(stalled) {
      mailStalled = stalled;
    },
    pushTimeoutMs: PUSH_TIMEOUT_MS,
    async stop() {
      await deleteApp(adminApp());
      await Promise.allSettled([database.stop(), sandbox.stop(), inbox.stop(), push.stop()]);
      transport.close();
      downTransport.close();
      stalledTransport.close();
      for (const socket of silentSockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
