// Telling a member about their plan: an in-app notification and a `plan-notice` e-mail, both keyed
// by the event (so a repeated step writes them once). Plan notices always go: a freeze, a new price
// or a renewal is something the member must hear of (docs/architecture/plans.md).
import { mailOutboxIds } from '@studio/core';
import type { MessageKey, MessageParams, NotificationType } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { MailMessageInput } from '../../mail/kinds';
import { enqueueMail } from '../../mail/outbox';
import { notifyMember } from '../payments/notify';

export type PlanNoticeMail = Omit<Extract<MailMessageInput, { kind: 'plan-notice' }>, 'kind'>;

export interface PlanNotice {
  uid: string;
  /** The event, unique for this member: `frozen-{freezeId}`, `price-{planId}-{at}`… */
  event: string;
  type: NotificationType;
  messageKey: MessageKey;
  params: MessageParams;
  mail: PlanNoticeMail;
}

export async function tellMember(db: Database, notice: PlanNotice, now: number): Promise<void> {
  await notifyMember(
    db,
    notice.uid,
    `plan-${notice.event}`,
    notice.type,
    notice.messageKey,
    notice.params,
    now,
  );
  await enqueueMail(
    db,
    {
      id: mailOutboxIds.planNotice(notice.uid, notice.event),
      uid: notice.uid,
      message: { kind: 'plan-notice', ...notice.mail },
    },
    now,
  );
}
