import type {
  CallableResult,
  MailOutboxStatus,
  PushOutboxStatus,
  ResendMailInput,
} from '@studio/core';
import type { ReadMemberContact } from '../../../lib/member-names';
import type { Unsubscribe } from '../../../lib/realtime';

/** The sent-mail screen's reads and its one action; the screen never reads `MailOutbox` whole. */
export interface AdminMailApi {
  /**
   * The newest `limit` `MailOutbox` entries by `createdAt`, or the last `limit` with one status
   * (both indexed in database.rules.json), live: a status filter finds an old failure too.
   */
  watchNewestMail: (
    query: { limit: number; status: MailOutboxStatus | '' },
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** The same for `PushOutbox` (push beside mail), newest by `createdAt` or by one status. */
  watchNewestPush: (
    query: { limit: number; status: PushOutboxStatus | '' },
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** One recipient's name (only the page's recipients are read, never `Users` whole). */
  readMember: ReadMemberContact;
  /** Sets a failed entry back to retrying; rejects with the HttpsError the function sent. */
  resendMail: (input: ResendMailInput) => Promise<CallableResult<'resendMail'>>;
}
