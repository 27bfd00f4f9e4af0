// The deployed callables and webhook, run in-process exactly as Cloud Functions runs them
// (`fn.run(request)` for a v2 onCall; the payments tests' webhook server, handing `rawBody` to the
// onRequest), with the real admin SDK against a database emulator and the Stripe sandbox on free
// ports. No Auth emulator: every refusal here happens before a function would ask Auth anything
// (setUserRole's unknown-account case is in functions/test/set-user-role.test.ts), and it costs a
// minute to start on a loaded machine.
import './quiet-logs.ts';
import { HttpsError } from 'firebase-functions/v2/https';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import { startStripeSandbox, type StripeSandbox } from '@studio/stripe-sandbox';
import { deleteApp } from 'firebase-admin/app';
import * as deployed from '../../../functions/src/index.ts';
import { adminApp, adminDatabase } from '../../../functions/src/admin.ts';
import { callableRequest } from '../../../functions/test/support/callable.ts';
import { startWebhookServer } from '../../../functions/test/payments/support.ts';
import type { Caller } from '../../../functions/test/support/callable.ts';

export type { Caller };

export const CALLABLES = {
  bookClass: deployed.bookClass,
  bookGuest: deployed.bookGuest,
  cancelBooking: deployed.cancelBooking,
  changeSpot: deployed.changeSpot,
  joinWaitlist: deployed.joinWaitlist,
  leaveWaitlist: deployed.leaveWaitlist,
  checkIn: deployed.checkIn,
  setUserRole: deployed.setUserRole,
  adjustCredits: deployed.adjustCredits,
  createClasses: deployed.createClasses,
  cancelClass: deployed.cancelClass,
  previewPrice: deployed.previewPrice,
  createCheckoutSession: deployed.createCheckoutSession,
  createPortalSession: deployed.createPortalSession,
  cancelMemberSubscription: deployed.cancelMemberSubscription,
  stampServerTime: deployed.stampServerTime,
  saveCatalogItem: deployed.saveCatalogItem,
  updateClass: deployed.updateClass,
  saveClassTemplate: deployed.saveClassTemplate,
  resendMail: deployed.resendMail,
  sumPayments: deployed.sumPayments,
  rotateCalendarFeed: deployed.rotateCalendarFeed,
  startImport: deployed.startImport,
  importRows: deployed.importRows,
  finishImport: deployed.finishImport,
  savePushSubscription: deployed.savePushSubscription,
  removePushSubscription: deployed.removePushSubscription,
  watchClass: deployed.watchClass,
  unwatchClass: deployed.unwatchClass,
  memberPass: deployed.memberPass,
  revokeMemberPass: deployed.revokeMemberPass,
  checkInByPass: deployed.checkInByPass,
  checkInByName: deployed.checkInByName,
  saveWaiver: deployed.saveWaiver,
  signWaiver: deployed.signWaiver,
  addToClass: deployed.addToClass,
  recordCashSale: deployed.recordCashSale,
  refundCashSale: deployed.refundCashSale,
  createDeskCheckout: deployed.createDeskCheckout,
  assignSubstitute: deployed.assignSubstitute,
  saveCoachPayRate: deployed.saveCoachPayRate,
  coachPayReport: deployed.coachPayReport,
  savePlan: deployed.savePlan,
  freezeMembership: deployed.freezeMembership,
  endFreeze: deployed.endFreeze,
  changePlan: deployed.changePlan,
  cancelMembership: deployed.cancelMembership,
  freezeMemberPlan: deployed.freezeMemberPlan,
  endMemberFreeze: deployed.endMemberFreeze,
  bulkFreeze: deployed.bulkFreeze,
  changeMemberPlan: deployed.changeMemberPlan,
  compMembership: deployed.compMembership,
} as const;

/** Every callable `functions/src/index.ts` exports (a v2 onCall carries a callable trigger). */
export function exportedCallables(): string[] {
  return Object.entries(deployed)
    .filter(([, fn]) => {
      const endpoint = (fn as { __endpoint?: { callableTrigger?: unknown } }).__endpoint;
      return endpoint?.callableTrigger !== undefined;
    })
    .map(([name]) => name);
}
export type CallableName = keyof typeof CALLABLES;

export const WEBHOOK_SECRET = 'whsec_proof';
export const STRIPE_KEY = 'sk_test_proof';
export const PASS_SECRET = 'proof-member-pass-secret';

export interface FunctionsBed {
  database: RtdbEmulator;
  sandbox: StripeSandbox;
  /** The whole database, as the owner sees it. */
  dump(): Promise<unknown>;
  /** Calls a callable; resolves with its result or the HttpsError it rejected with. */
  call(name: CallableName, caller: Caller | null, data: unknown): Promise<CallOutcome>;
  /** POSTs (or sends `method`) to the real `stripeWebhook`; returns the status. */
  webhook(body: string, headers: Record<string, string>, method?: string): Promise<number>;
  stop(): Promise<void>;
}

export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: HttpsError };

export async function startFunctionsBed(): Promise<FunctionsBed> {
  const database = await startRtdbEmulator({ port: 0 });
  const webhook = await startWebhookServer();
  const sandbox = await startStripeSandbox({ port: 0, webhookSecret: WEBHOOK_SECRET });
  // What the functions' lazy admin app, Stripe client and secrets read on first use.
  Object.assign(process.env, {
    GCLOUD_PROJECT: 'demo-studio',
    FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${database.port}`,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: sandbox.url,
    MEMBER_PASS_SECRET: PASS_SECRET,
  });

  return {
    database,
    sandbox,
    async dump() {
      return (await adminDatabase().ref().get()).val() as unknown;
    },
    async call(name, caller, data) {
      const fn = CALLABLES[name] as { run(request: unknown): Promise<unknown> };
      try {
        return { ok: true, result: await fn.run(callableRequest(data, caller)) };
      } catch (error) {
        // Anything but an HttpsError would reach the app as a bare `internal`: fail loudly.
        if (error instanceof HttpsError) return { ok: false, error };
        throw error;
      }
    },
    webhook: webhook.send,
    async stop() {
      await webhook.stop();
      await deleteApp(adminApp());
      await sandbox.stop();
      await database.stop();
    },
  };
}
