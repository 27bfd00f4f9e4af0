import { onCall } from 'firebase-functions/v2/https';
import { memberPassInput, parseInput, revokeMemberPassInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { memberPassIssued, memberPassRevoked } from '../../handlers/desk/logs';
import {
  memberPass as memberPassHandler,
  revokeMemberPass as revokeMemberPassHandler,
} from '../../handlers/desk/member-pass';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { requireDesk } from '../deps';
import { MEMBER_PASS_SECRET } from './config';

/** `memberPass`: the signed-in member's pass (the text of their QR code); `renew` for a new one. */
export const memberPass = onCall(
  { ...CALLABLE_OPTIONS, secrets: [MEMBER_PASS_SECRET] },
  (request): Promise<CallableResult<'memberPass'>> =>
    runCallable('memberPass', request, async () => {
      const caller = requireAuth(request);
      const input = parseInput(memberPassInput, request.data);
      const renew = input.renew === true;
      const result = await countedCall(caller.uid, 'pass', (limits) =>
        memberPassHandler(
          { db: adminDatabase(), now: Date.now, secret: MEMBER_PASS_SECRET.value(), limits },
          caller.uid,
          { renew },
        ),
      );
      memberPassIssued({ uid: caller.uid, renewed: renew });
      return result;
    }),
);

/** `revokeMemberPass` (admins and the front desk): the member's pass stops working. Audited. */
export const revokeMemberPass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'revokeMemberPass'>> =>
    runCallable('revokeMemberPass', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(revokeMemberPassInput, request.data);
      await revokeMemberPassHandler(
        { db: adminDatabase(), now: Date.now },
        { by: caller.uid, uid: input.uid },
      );
      memberPassRevoked({ by: caller.uid, uid: input.uid });
      return {};
    }),
);
