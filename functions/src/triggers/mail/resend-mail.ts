import { onCall } from 'firebase-functions/v2/https';
import { parseInput, resendMailInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { mailResent } from '../../handlers/mail/logs';
import { resendMail as resendMailHandler } from '../../handlers/mail/resend-mail';
import { adminDatabase } from '../../admin';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';

/** `resendMail`: admins send a failed e-mail again (back to `retrying`; the sweep sends it). */
export const resendMail = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'resendMail'>> =>
    runCallable('resendMail', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(resendMailInput, request.data);
      const { auditId } = await resendMailHandler(
        { db: adminDatabase(), now: Date.now },
        { by: caller.uid, ...input },
      );
      mailResent({ by: caller.uid, id: input.id, auditId });
      return {};
    }),
);
