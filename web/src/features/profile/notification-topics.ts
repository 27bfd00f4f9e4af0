/**
 * What the studio tells a member about, each topic with the e-mail and the push that carry it:
 * the rows of the profile's notifications table. Every mail kind a member may turn off and every
 * push kind is in exactly one row (notification-topics.test.ts).
 */
import type { MailPreferenceKind, PushKind } from '@studio/core';
import type { MailSettingsKey } from './mail-settings-messages';

export interface NotificationTopic {
  label: MailSettingsKey;
  /** The e-mail kind the member may turn off; `always` for mail sent whatever they choose. */
  mail: MailPreferenceKind | 'always' | null;
  push: PushKind | null;
  /** Shown to coaches only (tomorrow's class list). */
  coachOnly?: boolean;
}

export interface NotificationGroup {
  title: MailSettingsKey;
  topics: readonly NotificationTopic[];
}

export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = [
  {
    title: 'notifyGroupClasses',
    topics: [
      { label: 'topicBookingConfirmed', mail: 'booking-confirmed', push: null },
      { label: 'topicBookingCancelled', mail: 'booking-cancelled', push: null },
      { label: 'topicClassReminder', mail: 'class-reminder', push: 'class-reminder' },
      { label: 'topicWaitlistPromoted', mail: 'waitlist-promoted', push: 'waitlist-promoted' },
      { label: 'topicSpotOpened', mail: null, push: 'spot-opened' },
      { label: 'topicClassChanged', mail: null, push: 'class-changed' },
      { label: 'topicClassCancelled', mail: 'always', push: 'class-cancelled' },
    ],
  },
  {
    title: 'notifyGroupAccount',
    topics: [
      { label: 'topicCreditsExpiring', mail: 'credits-expiring', push: 'credits-expiring' },
      {
        label: 'topicPaymentFailed',
        mail: 'subscription-payment-failed',
        push: 'payment-failed',
      },
      { label: 'topicPlanRenewed', mail: 'subscription-renewed', push: null },
      { label: 'topicPlanEnding', mail: null, push: 'plan-expiring' },
      { label: 'topicPlanEnded', mail: 'subscription-cancelled', push: null },
      { label: 'topicWelcome', mail: 'welcome', push: null },
      { label: 'topicCoachClassList', mail: 'coach-class-list', push: null, coachOnly: true },
    ],
  },
];
