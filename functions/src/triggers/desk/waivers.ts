import { onCall } from 'firebase-functions/v2/https';
import { parseInput, saveWaiverInput, signWaiverInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { waiverPublished, waiverSigned } from '../../handlers/desk/logs';
import {
  saveWaiver as saveWaiverHandler,
  signWaiver as signWaiverHandler,
} from '../../handlers/desk/waivers';
import { CALLABLE_OPTIONS, clientIp, requireAdmin, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { requireDesk } from '../deps';
import { signatureStore } from './config';

/** `saveWaiver` (admins): publishes the next version of the waiver in English and Spanish. */
export const saveWaiver = onCall(
  { ...CALLABLE_OPTIONS, timeoutSeconds: 540 },
  (request): Promise<CallableResult<'saveWaiver'>> =>
    runCallable('saveWaiver', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(saveWaiverInput, request.data);
      const { version, reset } = await saveWaiverHandler(
        { db: adminDatabase(), now: Date.now },
        { by: caller.uid, text: input.text },
      );
      waiverPublished({ by: caller.uid, version, reset });
      return { version };
    }),
);

/**
 * `signWaiver`: the signed-in member signs the current version; with `uid`, the front desk hands
 * in the signature of the member in front of it (the kiosk).
 */
export const signWaiver = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'signWaiver'>> =>
    runCallable('signWaiver', request, async () => {
      const auth = requireAuth(request);
      const input = parseInput(signWaiverInput, request.data);
      const forOther = input.uid !== undefined && input.uid !== auth.uid;
      if (forOther) requireDesk(request);
      const uid = input.uid ?? auth.uid;
      const result = await countedCall(auth.uid, 'sign', (limits) =>
        signWaiverHandler(
          { db: adminDatabase(), now: Date.now, limits, store: signatureStore() },
          {
            by: auth.uid,
            uid,
            via: forOther ? 'kiosk' : 'app',
            version: input.version,
            fullName: input.fullName,
            lang: input.lang,
            signature: input.signature,
            ip: clientIp(request.rawRequest),
          },
        ),
      );
      waiverSigned({ by: auth.uid, uid, ...result });
      return result;
    }),
);
