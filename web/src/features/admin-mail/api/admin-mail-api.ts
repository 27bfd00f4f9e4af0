import type { CallableResult, ResendMailInput } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** The sent-mail screen's reads and its one action (issue 19); the screen never reads `MailOutbox` whole. */
export interface AdminMailApi {
  /** The newest `limit` `MailOutbox` entries by `createdAt` (indexed in database.rules.json), live. */
  watchNewestMail: (limit: number, onChange: (value: unknown) => void) => Unsubscribe;
  /** `Users`, for the recipients' names. */
  watchUsers: (onChange: (value: unknown) => void) => Unsubscribe;
  /** Sets a failed entry back to retrying; rejects with the HttpsError the function sent. */
  resendMail: (input: ResendMailInput) => Promise<CallableResult<'resendMail'>>;
}
