/**
 * Renders each e-mail kind to a subject, a plain-text part and an HTML part in the member's
 * language, with the studio's name and colour, a one-click unsubscribe link (and its
 * List-Unsubscribe headers, RFC 8058) and, for a class, the class as an .ics attachment.
 * Pure: the caller passes the time (`now`), so the same input renders the same mail.
 */
import {
  bookingIcs,
  formatMessage,
  formatMoney,
  unlinkedMemberText,
  type Lang,
} from '@studio/core';
import { mailTexts, type MailTextKey } from './catalogue';
import { escapeHtml, htmlDocument, safeColor, safeHref, textColorOn } from './html';
import {
  mailMessageSchema,
  type CreditBatch,
  type MailClass,
  type MailKind,
  type MailMessageInput,
} from './kinds';

export interface MailStudio {
  name: string;
  /** `#rrggbb`; anything else falls back to a neutral colour. */
  primaryColor: string;
  /** The app's origin, e.g. `https://studio.example`: links and calendar UIDs. */
  appUrl: string;
  /** IANA zone the studio's times are shown in, e.g. `America/Monterrey`. */
  timeZone: string;
}

export interface MailContext {
  lang: Lang;
  /** `name` is what the member wrote: shown shortened, in the body only (`unlinkedMemberText`). */
  recipient: { email: string; name?: string };
  studio: MailStudio;
  /** One-click unsubscribe for this kind (a signed link; the caller builds it). */
  unsubscribeUrl: string;
  now: number;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface RenderedMail {
  kind: MailKind;
  /** The address only: a display name would put the member's words in the header. */
  to: { email: string };
  subject: string;
  text: string;
  html: string;
  /** RFC 2369 / RFC 8058 one-click unsubscribe. */
  headers: { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  attachments: MailAttachment[];
}

type Params = Record<string, string | number>;
interface Text {
  key: MailTextKey;
  params?: Params;
}
type Block =
  | { type: 'p'; text: Text; strong?: boolean }
  | { type: 'facts'; rows: { label: MailTextKey; value: string }[] }
  | { type: 'list'; title?: Text; items: string[] }
  | { type: 'action'; label: MailTextKey; url: string };
interface Content {
  subject: Text;
  blocks: Block[];
  attachments?: MailAttachment[];
}

const KIND_LABELS: Record<MailKind, MailTextKey> = {
  'booking-confirmed': 'kindBookingConfirmed',
  'booking-cancelled': 'kindBookingCancelled',
  'waitlist-promoted': 'kindWaitlistPromoted',
  'class-reminder': 'kindClassReminder',
  'class-cancelled': 'kindClassCancelled',
  'class-substitute': 'kindClassSubstitute',
  'purchase-receipt': 'kindPurchaseReceipt',
  'subscription-renewed': 'kindSubscriptionRenewed',
  'subscription-payment-failed': 'kindSubscriptionPaymentFailed',
  'subscription-cancelled': 'kindSubscriptionCancelled',
  'credits-expiring': 'kindCreditsExpiring',
  welcome: 'kindWelcome',
  'coach-class-list': 'kindCoachClassList',
  'plan-notice': 'kindPlanNotice',
};

const FEE_REASONS: Record<'late-cancel' | 'no-show' | 'freeze-hold' | 'early-end', MailTextKey> = {
  'late-cancel': 'feeLateCancel',
  'no-show': 'feeNoShow',
  'freeze-hold': 'feeFreezeHold',
  'early-end': 'feeEarlyEnd',
};

type PlanNotice = Extract<ReturnType<typeof mailMessageSchema.parse>, { kind: 'plan-notice' }>;

/** A plan notice's subject and paragraphs (docs/architecture/plans.md). */
function planNotice(message: PlanNotice, f: Format, app: string): Content {
  const day = (ms: number | undefined) => (ms === undefined ? '' : f.day(ms));
  const money =
    message.amount !== undefined && message.currency !== undefined
      ? f.money(message.amount, message.currency)
      : '';
  const params = {
    plan: message.plan,
    from: day(message.from),
    until: day(message.until),
    date: day(message.at),
    amount: money,
    reason: message.reason === undefined ? '' : f.tr(FEE_REASONS[message.reason]),
  };
  const keys: Record<PlanNotice['notice'], [MailTextKey, MailTextKey]> = {
    frozen: ['planFrozenSubject', 'planFrozenIntro'],
    'freeze-ended': ['planFreezeEndedSubject', 'planFreezeEndedIntro'],
    changed: ['planChangedSubject', 'planChangedIntro'],
    'change-booked': ['planChangeBookedSubject', 'planChangeBookedIntro'],
    'price-change': ['planPriceSubject', 'planPriceIntro'],
    'renewal-reminder': ['planRenewalSubject', 'planRenewalIntro'],
    'add-card': ['planAddCardSubject', 'planAddCardIntro'],
    'fee-charged': ['planFeeSubject', 'planFeeIntro'],
    'fee-failed': ['planFeeFailedSubject', 'planFeeFailedIntro'],
    cancelled: ['planCancelledSubject', 'planCancelledIntro'],
  };
  const [subject, intro] = keys[message.notice];
  const blocks: Block[] = [{ type: 'p', strong: true, text: { key: intro, params } }];
  if (message.notice === 'frozen') {
    if (message.note !== undefined)
      blocks.push({ type: 'p', text: { key: 'planFrozenNote', params: { note: message.note } } });
    blocks.push({ type: 'p', text: { key: 'planFrozenEnd' } });
  }
  blocks.push({ type: 'action', label: 'openApp', url: app });
  return { subject: { key: subject, params }, blocks };
}

const CREDIT_LABELS: Record<CreditBatch['kind'], MailTextKey> = {
  regular: 'creditRegular',
  special: 'creditSpecial',
  train: 'creditTrain',
};

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-MX' };

/** Formatting in one language and zone. */
function formatter(context: MailContext) {
  const locale = LOCALES[context.lang];
  const zone = context.studio.timeZone;
  const whenFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  });
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone });
  const hourFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone });
  const tr = (key: MailTextKey, params?: Params) =>
    formatMessage(mailTexts[context.lang][key], params);
  return {
    tr,
    when: (ms: number) => whenFormat.format(ms),
    day: (ms: number) => dayFormat.format(ms),
    hour: (ms: number) => hourFormat.format(ms),
    /** A calendar date `yyyy-MM-dd` (no zone: it already is the studio's date). */
    date: (date: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(`${date}T12:00:00Z`),
      ),
    money: (amount: number, currency: string) =>
      formatMoney(amount, currency.toUpperCase(), locale),
    credits: (batch: CreditBatch) =>
      tr('creditExpiry', {
        credits: tr(CREDIT_LABELS[batch.kind], { count: batch.count }),
        date: dayFormat.format(batch.expiresAt),
      }),
  };
}
type Format = ReturnType<typeof formatter>;

function place(c: MailClass): string | undefined {
  const parts = [c.room, c.branchName, c.address].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function classFacts(c: MailClass, f: Format): Block {
  const rows: { label: MailTextKey; value: string }[] = [
    { label: 'factClass', value: c.title },
    { label: 'factWhen', value: f.when(c.startsAt) },
  ];
  const where = place(c);
  if (where) rows.push({ label: 'factWhere', value: where });
  if (c.spotLabel) rows.push({ label: 'factSpot', value: c.spotLabel });
  if (c.coachName) rows.push({ label: 'factCoach', value: c.coachName });
  return { type: 'facts', rows };
}

/** A class mail's subject: its own words around the class's title and time. */
function classSubject(key: MailTextKey, c: MailClass, f: Format): Text {
  return { key, params: { title: c.title, when: f.when(c.startsAt) } };
}

function classIcs(
  c: MailClass,
  status: 'booked' | 'cancelled',
  context: MailContext,
  f: Format,
): MailAttachment {
  const description = [
    c.spotLabel ? f.tr('calendarSpot', { spot: c.spotLabel }) : undefined,
    c.coachName ? f.tr('calendarCoach', { coach: c.coachName }) : undefined,
  ].filter((line): line is string => !!line);
  const where = place(c);
  const content = bookingIcs(
    {
      bookingId: c.bookingId,
      status,
      startsAt: c.startsAt,
      durationMinutes: c.durationMinutes,
      title: c.title,
      ...(where ? { location: where } : {}),
      ...(description.length > 0 ? { description: description.join('\n') } : {}),
      url: new URL(context.studio.appUrl).href,
      // A cancellation replaces the copy the member imported: same UID, higher SEQUENCE.
      sequence: c.sequence + (status === 'cancelled' ? 1 : 0),
    },
    {
      uidDomain: new URL(context.studio.appUrl).hostname,
      productId: `-//${context.studio.name}//Classes//${context.lang.toUpperCase()}`,
      stamp: context.now,
    },
  );
  return {
    filename: 'class.ics',
    content,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

function content(
  message: ReturnType<typeof mailMessageSchema.parse>,
  context: MailContext,
): Content {
  const f = formatter(context);
  const app = context.studio.appUrl;
  const studio = context.studio.name;
  switch (message.kind) {
    case 'booking-confirmed': {
      const c = message.class;
      return {
        subject: classSubject('bookingConfirmedSubject', c, f),
        blocks: [
          {
            type: 'p',
            text: {
              key:
                message.paidBy === 'plan' ? 'bookingConfirmedIntroPlan' : 'bookingConfirmedIntro',
            },
          },
          classFacts(c, f),
          {
            type: 'p',
            text: {
              key:
                message.paidBy === 'plan' ? 'bookingConfirmedPolicyPlan' : 'bookingConfirmedPolicy',
              params: { deadline: f.when(message.refundUntil) },
            },
          },
          { type: 'p', text: { key: 'calendarAttached' } },
          { type: 'action', label: 'openApp', url: app },
        ],
        attachments: [classIcs(c, 'booked', context, f)],
      };
    }
    case 'booking-cancelled': {
      const c = message.class;
      return {
        subject: classSubject('bookingCancelledSubject', c, f),
        blocks: [
          {
            type: 'p',
            strong: true,
            text: {
              key:
                message.outcome === 'refunded'
                  ? 'bookingCancelledRefunded'
                  : 'bookingCancelledForfeited',
            },
          },
          classFacts(c, f),
          { type: 'action', label: 'openApp', url: app },
        ],
        attachments: [classIcs(c, 'cancelled', context, f)],
      };
    }
    case 'waitlist-promoted': {
      const c = message.class;
      return {
        subject: classSubject('waitlistPromotedSubject', c, f),
        blocks: [
          {
            type: 'p',
            text: {
              key:
                message.paidBy === 'plan' ? 'waitlistPromotedIntroPlan' : 'waitlistPromotedIntro',
            },
          },
          {
            type: 'p',
            strong: true,
            text: {
              key: 'waitlistPromotedDeadline',
              params: { deadline: f.when(message.refundUntil) },
            },
          },
          classFacts(c, f),
          { type: 'p', text: { key: 'calendarAttached' } },
          { type: 'action', label: 'openApp', url: app },
        ],
        attachments: [classIcs(c, 'booked', context, f)],
      };
    }
    case 'class-reminder': {
      const c = message.class;
      return {
        subject: classSubject('classReminderSubject', c, f),
        blocks: [
          { type: 'p', text: { key: 'classReminderIntro' } },
          classFacts(c, f),
          { type: 'action', label: 'openApp', url: app },
        ],
      };
    }
    case 'class-substitute': {
      const c = message.class;
      return {
        subject: classSubject('classSubstituteSubject', c, f),
        blocks: [
          {
            type: 'p',
            text: {
              key: message.previousCoachName ? 'classSubstituteIntro' : 'classSubstituteIntroNew',
              params: { coach: c.coachName ?? '', previous: message.previousCoachName ?? '' },
            },
          },
          { type: 'p', text: { key: 'classSubstituteStays' } },
          classFacts(c, f),
          { type: 'action', label: 'openApp', url: app },
        ],
      };
    }
    case 'class-cancelled': {
      const c = message.class;
      const blocks: Block[] = [{ type: 'p', text: { key: 'classCancelledIntro' } }];
      if (message.reason)
        blocks.push({
          type: 'p',
          text: { key: 'classCancelledReason', params: { reason: message.reason } },
        });
      blocks.push(
        { type: 'p', strong: true, text: { key: 'classCancelledCredit' } },
        classFacts(c, f),
        { type: 'action', label: 'openApp', url: app },
      );
      return {
        subject: classSubject('classCancelledSubject', c, f),
        blocks,
        attachments: [classIcs(c, 'cancelled', context, f)],
      };
    }
    case 'purchase-receipt': {
      const money = (cents: number) => f.money(cents, message.currency);
      const rows: { label: MailTextKey; value: string }[] = [
        { label: 'receiptSubtotal', value: money(message.subtotal) },
      ];
      if (message.coupon) {
        rows.push({
          label: 'receiptCoupon',
          value: `−${money(message.coupon.discount)} (${message.coupon.code})`,
        });
      }
      rows.push(
        { label: 'receiptTotal', value: money(message.total) },
        { label: 'receiptReference', value: message.reference },
      );
      const blocks: Block[] = [
        { type: 'p', text: { key: 'receiptIntro' } },
        {
          type: 'list',
          items: message.lines.map((line) =>
            f.tr('receiptLine', {
              quantity: line.quantity,
              item: line.item,
              amount: money(line.amount),
            }),
          ),
        },
        { type: 'facts', rows },
      ];
      if (message.credits.length > 0) {
        blocks.push({
          type: 'list',
          title: { key: 'receiptCreditsTitle' },
          items: message.credits.map(f.credits),
        });
      }
      blocks.push({ type: 'action', label: 'openApp', url: app });
      return {
        subject: { key: 'receiptSubject', params: { studio, total: money(message.total) } },
        blocks,
      };
    }
    case 'subscription-renewed': {
      const blocks: Block[] = [
        {
          type: 'p',
          text: {
            key: 'subscriptionRenewedIntro',
            params: { amount: f.money(message.amount, message.currency), credits: message.credits },
          },
        },
      ];
      if (message.nextRenewal !== undefined) {
        blocks.push({
          type: 'p',
          text: { key: 'subscriptionRenewedNext', params: { date: f.day(message.nextRenewal) } },
        });
      }
      blocks.push({ type: 'action', label: 'openApp', url: app });
      return {
        subject: { key: 'subscriptionRenewedSubject', params: { credits: message.credits } },
        blocks,
      };
    }
    case 'subscription-payment-failed':
      return {
        subject: { key: 'paymentFailedSubject' },
        blocks: [
          {
            type: 'p',
            strong: true,
            text: {
              key: 'paymentFailedIntro',
              params: { amount: f.money(message.amount, message.currency) },
            },
          },
          { type: 'action', label: 'paymentFailedAction', url: message.updateUrl ?? app },
        ],
      };
    case 'subscription-cancelled': {
      const blocks: Block[] = [{ type: 'p', text: { key: 'subscriptionCancelledIntro' } }];
      if (message.endsAt !== undefined) {
        blocks.push({
          type: 'p',
          text: { key: 'subscriptionCancelledEnds', params: { date: f.day(message.endsAt) } },
        });
      }
      blocks.push({ type: 'action', label: 'openApp', url: app });
      return { subject: { key: 'subscriptionCancelledSubject' }, blocks };
    }
    case 'credits-expiring':
      return {
        subject: { key: 'creditsExpiringSubject' },
        blocks: [
          { type: 'p', text: { key: 'creditsExpiringIntro' } },
          {
            type: 'list',
            items: [...message.credits].sort((a, b) => a.expiresAt - b.expiresAt).map(f.credits),
          },
          { type: 'action', label: 'creditsExpiringAction', url: app },
        ],
      };
    case 'welcome': {
      if (message.invitation !== undefined) {
        const email = context.recipient.email;
        const blocks: Block[] = [
          {
            type: 'p',
            text: { key: 'invitationIntro', params: { studio, from: message.invitation.from } },
          },
          { type: 'p', text: { key: 'invitationSignIn', params: { email } } },
        ];
        if (!message.waiverAccepted) blocks.push({ type: 'p', text: { key: 'welcomeWaiver' } });
        blocks.push({
          type: 'action',
          label: 'invitationAction',
          url: `${app}/reset-password?email=${encodeURIComponent(email)}`,
        });
        return { subject: { key: 'invitationSubject', params: { studio } }, blocks };
      }
      const blocks: Block[] = [{ type: 'p', text: { key: 'welcomeIntro' } }];
      if (!message.waiverAccepted) blocks.push({ type: 'p', text: { key: 'welcomeWaiver' } });
      blocks.push({ type: 'action', label: 'openApp', url: app });
      return { subject: { key: 'welcomeSubject', params: { studio } }, blocks };
    }
    case 'plan-notice':
      return planNotice(message, f, app);
    case 'coach-class-list': {
      const blocks: Block[] = [{ type: 'p', text: { key: 'coachListIntro' } }];
      for (const c of [...message.classes].sort((a, b) => a.startsAt - b.startsAt)) {
        const attendees = [...c.attendees].sort((a, b) =>
          a.spotLabel.localeCompare(b.spotLabel, undefined, { numeric: true }),
        );
        blocks.push({
          type: 'list',
          title: {
            key: 'coachListClass',
            params: {
              hour: f.hour(c.startsAt),
              title: c.room ? `${c.title} (${c.room})` : c.title,
              booked: attendees.length,
            },
          },
          items:
            attendees.length > 0
              ? attendees.map((a) =>
                  f.tr('coachListAttendee', {
                    spot: a.spotLabel,
                    name: unlinkedMemberText(a.name),
                  }),
                )
              : [f.tr('coachListEmpty')],
        });
      }
      blocks.push({ type: 'action', label: 'openApp', url: app });
      return {
        subject: { key: 'coachListSubject', params: { date: f.date(message.date) } },
        blocks,
      };
    }
  }
}

/** A text in the HTML part: the template and every value escaped. */
function htmlText(lang: Lang, text: Text): string {
  const params = Object.fromEntries(
    Object.entries(text.params ?? {}).map(([name, value]) => [name, escapeHtml(String(value))]),
  );
  return formatMessage(escapeHtml(mailTexts[lang][text.key]), params);
}

function renderHtmlBlock(block: Block, context: MailContext, f: Format): string {
  const lang = context.lang;
  switch (block.type) {
    case 'p':
      return block.strong
        ? `<p style="margin:0 0 16px;"><strong>${htmlText(lang, block.text)}</strong></p>`
        : `<p style="margin:0 0 16px;">${htmlText(lang, block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${block.rows
        .map(
          (row) =>
            `<tr><th scope="row" align="left" style="padding:4px 16px 4px 0;color:#4b5563;font-weight:normal;vertical-align:top;">${escapeHtml(f.tr(row.label))}</th><td style="padding:4px 0;font-weight:bold;">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'list':
      return `${block.title ? `<p style="margin:0 0 8px;font-weight:bold;">${htmlText(lang, block.title)}</p>` : ''}<ul style="margin:0 0 16px;padding-left:20px;">${block.items
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'action': {
      const color = safeColor(context.studio.primaryColor);
      return `<p style="margin:24px 0;"><a href="${safeHref(block.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${color};color:${textColorOn(color)};text-decoration:none;font-weight:bold;">${escapeHtml(f.tr(block.label))}</a></p>`;
    }
  }
}

function renderTextBlock(block: Block, f: Format): string {
  switch (block.type) {
    case 'p':
      return f.tr(block.text.key, block.text.params);
    case 'facts':
      return block.rows.map((row) => `${f.tr(row.label)}: ${row.value}`).join('\n');
    case 'list':
      return [
        ...(block.title ? [f.tr(block.title.key, block.title.params)] : []),
        ...block.items.map((item) => `- ${item}`),
      ].join('\n');
    case 'action':
      return `${f.tr(block.label)}: ${new URL(block.url).href}`;
  }
}

/** Subject and text may carry no line break: a header cannot, and it would fake lines. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function renderMail(input: MailMessageInput, context: MailContext): RenderedMail {
  const message = mailMessageSchema.parse(input);
  const f = formatter(context);
  const { subject, blocks, attachments = [] } = content(message, context);
  const unsubscribe = new URL(context.unsubscribeUrl).href;
  safeHref(unsubscribe);
  const what = f.tr(KIND_LABELS[message.kind]);
  // What the member wrote as their name is data: shortened, one line, never a link, and only
  // in the greeting (never the subject, the sender or the recipient's display name).
  const name = unlinkedMemberText(context.recipient.name ?? '');
  const greeting: Text = name ? { key: 'greeting', params: { name } } : { key: 'greetingNoName' };
  const signature: Text = { key: 'signature', params: { studio: context.studio.name } };

  const text = [
    f.tr(greeting.key, greeting.params),
    ...blocks.map((block) => renderTextBlock(block, f)),
    f.tr(signature.key, signature.params),
    '--',
    f.tr('unsubscribeText', { what, url: unsubscribe }),
  ].join('\n\n');

  const subjectLine = oneLine(f.tr(subject.key, subject.params));
  const html = htmlDocument({
    lang: context.lang,
    title: subjectLine,
    studioName: context.studio.name,
    color: context.studio.primaryColor,
    body: [
      `<p style="margin:0 0 16px;">${htmlText(context.lang, greeting)}</p>`,
      ...blocks.map((block) => renderHtmlBlock(block, context, f)),
      `<p style="margin:24px 0 0;">${htmlText(context.lang, signature)}</p>`,
    ].join('\n'),
    footer: `<a href="${safeHref(unsubscribe)}" style="color:#4b5563;">${htmlText(context.lang, { key: 'unsubscribe', params: { what } })}</a>`,
  });

  return {
    kind: message.kind,
    to: { email: context.recipient.email },
    subject: subjectLine,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments,
  };
}
