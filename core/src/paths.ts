/**
 * Every database location, built from validated segments. No other code concatenates paths.
 * Each id passes `assertKey`, so `../x` or `a/b` throws `InvalidKeyError` instead of addressing
 * another node.
 */
import { assertKey, InvalidKeyError } from './keys';
import type { RateLimitAction } from './rate-limits';
import type { MailPreferenceKind } from './schemas/mail-preferences';
import type { PushKind } from './schemas/push';
import type { UserField } from './schemas/user';
import type { UserDirectoryField } from './user-directory';
import { isDateString } from './time';
import type { DateString } from './time';

function join(...segments: readonly string[]): string {
  return segments.map(assertKey).join('/');
}

/** Top-level node names (the spec's spellings kept). */
export const ROOTS = {
  users: 'Users',
  reports: 'Reports',
  dateService: 'DateService',
  suscriptionPrices: 'SuscriptionPrices',
  shop: 'Shop',
  codeCloudStore: 'CodeCloudStore',
  branches: 'Branches',
  coaches: 'Coaches',
  exercises: 'Exercises',
  seatLayouts: 'SeatLayouts',
  classes: 'Classes',
  classRoster: 'ClassRoster',
  classBranches: 'ClassBranches',
  userClasses: 'UserClasses',
  userWaitlist: 'UserWaitlist',
  creditLedger: 'CreditLedger',
  notifications: 'Notifications',
  attendance: 'Attendance',
  packages: 'Packages',
  events: 'Events',
  coupons: 'Coupons',
  couponRedemptionLog: 'CouponRedemptions',
  couponHolds: 'CouponHolds',
  payments: 'Payments',
  stripeEvents: 'StripeEvents',
  stripeCustomers: 'StripeCustomers',
  stripeCustomerUids: 'StripeCustomerUids',
  stripeSubscriptions: 'StripeSubscriptions',
  subscriptionGrants: 'SubscriptionGrants',
  subscriptionClaims: 'SubscriptionClaims',
  settings: 'Settings',
  studio: 'Studio',
  auditLog: 'AuditLog',
  classTemplates: 'ClassTemplates',
  rateLimits: 'RateLimits',
  jobProgress: 'JobProgress',
  mailOutbox: 'MailOutbox',
  pushOutbox: 'PushOutbox',
  pushSubscriptions: 'PushSubscriptions',
  pushDevices: 'PushDevices',
  classWatch: 'ClassWatch',
  userWatches: 'UserWatches',
  calendarFeeds: 'CalendarFeeds',
  calendarFeedTokens: 'CalendarFeedTokens',
  insights: 'Insights',
  userDirectory: 'UserDirectory',
  branchMembers: 'BranchMembers',
  importRuns: 'ImportRuns',
  importRunRows: 'ImportRunRows',
  importDryRunMembers: 'ImportDryRunMembers',
  importRunMembers: 'ImportRunMembers',
  importMappings: 'ImportMappings',
  importedMembers: 'ImportedMembers',
  importedVisits: 'ImportedVisits',
  importedHistory: 'ImportedHistory',
  plans: 'Plans',
  memberships: 'Memberships',
  introClaims: 'IntroClaims',
  bulkFreezes: 'BulkFreezes',
  waivers: 'Waivers',
  waiverSignatures: 'WaiverSignatures',
  coachPayRates: 'CoachPayRates',
  planFeeQueue: 'PlanFeeQueue',
} as const;

/** `Shop` children that are not categories. */
export const SHOP_TAGS = 'TagsProducts';
export const SHOP_CATEGORIES = 'Categorias';

/** A list index (non-negative integer) or a push key. */
function listKey(n: string | number): string {
  if (typeof n === 'number') {
    if (!Number.isSafeInteger(n) || n < 0) throw new InvalidKeyError(n);
    return String(n);
  }
  return assertKey(n);
}

function shopCategoryKey(category: string): string {
  assertKey(category);
  if (category === SHOP_TAGS || category === SHOP_CATEGORIES) throw new InvalidKeyError(category);
  return category;
}

// Builders alike in form, written out one per node: each line is the one place its path is spelled.
export const paths = {
  // Users.
  users: () => ROOTS.users,
  user: (uid: string) => join(ROOTS.users, uid),
  userField: (uid: string, field: UserField) => join(ROOTS.users, uid, field),
  creditsList: (uid: string) => join(ROOTS.users, uid, 'credits-list'),
  credit: (uid: string, creditId: string) => join(ROOTS.users, uid, 'credits-list', creditId),
  bookingCredits: (uid: string) => join(ROOTS.users, uid, 'booking-credits'),
  bookingCredit: (uid: string, bookingId: string) =>
    join(ROOTS.users, uid, 'booking-credits', bookingId),
  ledgerOutbox: (uid: string) => join(ROOTS.users, uid, 'ledger-outbox'),
  /** Refunds and disputes of one purchase (checkout session or invoice id); functions only. */
  purchaseReturn: (uid: string, purchaseId: string) =>
    join(ROOTS.users, uid, 'purchase-returns', purchaseId),
  ledgerOutboxEntry: (uid: string, entryId: string) =>
    join(ROOTS.users, uid, 'ledger-outbox', entryId),
  /** Kind → false for mails the member turned off (schemas/mail-preferences.ts). */
  mailPreferences: (uid: string) => join(ROOTS.users, uid, 'mail-preferences'),
  mailPreference: (uid: string, kind: MailPreferenceKind) =>
    join(ROOTS.users, uid, 'mail-preferences', kind),
  /** Kind → on/off for pushes (schemas/push.ts); the member writes. */
  pushPreferences: (uid: string) => join(ROOTS.users, uid, 'push-preferences'),
  pushPreference: (uid: string, kind: PushKind) => join(ROOTS.users, uid, 'push-preferences', kind),
  /** `{enabled, from, to}`: when non-urgent pushes wait; the member writes. */
  pushQuietHours: (uid: string) => join(ROOTS.users, uid, 'push-quiet-hours'),
  report: (uid: string) => join(ROOTS.reports, uid),
  // The admins' member directory, one small entry per member (core/src/user-directory.ts).
  userDirectory: () => ROOTS.userDirectory,
  userDirectoryEntry: (uid: string) => join(ROOTS.userDirectory, uid),
  userDirectoryField: (uid: string, field: UserDirectoryField) =>
    join(ROOTS.userDirectory, uid, field),
  // Each branch's members, home and visiting, rolled up nightly (core/src/insights/branch-members.ts).
  branchMembers: (branchId: string) => join(ROOTS.branchMembers, branchId),
  branchMember: (branchId: string, uid: string) => join(ROOTS.branchMembers, branchId, uid),
  dateService: (uid: string) => join(ROOTS.dateService, uid),

  // Spec catalogue nodes.
  suscriptionPrices: () => ROOTS.suscriptionPrices,
  shop: () => ROOTS.shop,
  shopCategory: (category: string) => join(ROOTS.shop, shopCategoryKey(category)),
  shopProduct: (category: string, product: string) =>
    join(ROOTS.shop, shopCategoryKey(category), product),
  shopTags: () => join(ROOTS.shop, SHOP_TAGS),
  shopProductTags: (reference: string) => join(ROOTS.shop, SHOP_TAGS, reference),
  shopCategories: () => join(ROOTS.shop, SHOP_CATEGORIES),
  codeCloudStore: () => ROOTS.codeCloudStore,
  couponRedemptions: (code: string) => join(ROOTS.codeCloudStore, code),
  memberRedemptions: (code: string, uid: string) => join(ROOTS.codeCloudStore, code, uid),
  memberRedemption: (code: string, uid: string, n: string | number) =>
    join(ROOTS.codeCloudStore, code, uid, listKey(n)),

  // Studio set-up.
  branches: () => ROOTS.branches,
  branch: (branchId: string) => join(ROOTS.branches, branchId),
  coaches: () => ROOTS.coaches,
  coach: (coachId: string) => join(ROOTS.coaches, coachId),
  exercises: () => ROOTS.exercises,
  exercise: (exerciseId: string) => join(ROOTS.exercises, exerciseId),
  seatLayouts: () => ROOTS.seatLayouts,
  seatLayout: (layoutId: string) => join(ROOTS.seatLayouts, layoutId),
  settings: () => ROOTS.settings,
  /** The studio's name, logo, colour and contact details (public). */
  studio: () => ROOTS.studio,

  // Classes and bookings.
  classes: () => ROOTS.classes,
  class: (classId: string) => join(ROOTS.classes, classId),
  classRoster: (classId: string) => join(ROOTS.classRoster, classId),
  /**
   * The branch of a class kept in a branch's own database instance (core/src/instances.ts), in
   * the default instance: how the functions find where the class lives. Absent: the default one.
   */
  classBranches: () => ROOTS.classBranches,
  classBranch: (classId: string) => join(ROOTS.classBranches, classId),
  rosterSpots: (classId: string) => join(ROOTS.classRoster, classId, 'spots'),
  rosterSpot: (classId: string, spot: string) => join(ROOTS.classRoster, classId, 'spots', spot),
  rosterBookings: (classId: string) => join(ROOTS.classRoster, classId, 'bookings'),
  /** `key`: the member's uid, or a guest seat's `guestSeatKey(bookingId)`. */
  rosterBooking: (classId: string, key: string) =>
    join(ROOTS.classRoster, classId, 'bookings', key),
  rosterWaitlist: (classId: string) => join(ROOTS.classRoster, classId, 'waitlist'),
  rosterWaitlistEntry: (classId: string, uid: string) =>
    join(ROOTS.classRoster, classId, 'waitlist', uid),
  rosterEnded: (classId: string, bookingId: string) =>
    join(ROOTS.classRoster, classId, 'ended', bookingId),
  /** Every member's classes (the nightly insights job pages through it by key). */
  allUserClasses: () => ROOTS.userClasses,
  userClasses: (uid: string) => join(ROOTS.userClasses, uid),
  userClass: (uid: string, classId: string) => join(ROOTS.userClasses, uid, classId),
  userWaitlist: (uid: string) => join(ROOTS.userWaitlist, uid),
  userWaitlistEntry: (uid: string, classId: string) => join(ROOTS.userWaitlist, uid, classId),

  // Credits and messages.
  creditLedger: (uid: string) => join(ROOTS.creditLedger, uid),
  creditLedgerEntry: (uid: string, entryId: string) => join(ROOTS.creditLedger, uid, entryId),
  notifications: (uid: string) => join(ROOTS.notifications, uid),
  notification: (uid: string, notificationId: string) =>
    join(ROOTS.notifications, uid, notificationId),
  attendance: (uid: string) => join(ROOTS.attendance, uid),

  // Selling.
  packages: () => ROOTS.packages,
  package: (packageId: string) => join(ROOTS.packages, packageId),
  events: () => ROOTS.events,
  event: (eventId: string) => join(ROOTS.events, eventId),
  coupons: () => ROOTS.coupons,
  coupon: (code: string) => join(ROOTS.coupons, code),
  /** One marker per paid payment that used the coupon (functions write; admins page it). */
  couponRedemptionLog: (code: string) => join(ROOTS.couponRedemptionLog, code),
  couponRedemptionEntry: (code: string, paymentId: string) =>
    join(ROOTS.couponRedemptionLog, code, paymentId),
  /** Open checkouts holding a limited coupon (functions only; core/src/coupon-holds.ts). */
  couponHolds: (code: string) => join(ROOTS.couponHolds, code),
  couponHold: (code: string, holdId: string) => join(ROOTS.couponHolds, code, holdId),
  payments: () => ROOTS.payments,
  payment: (paymentId: string) => join(ROOTS.payments, paymentId),

  // Memberships (schemas/plans.ts, docs/architecture/plans.md): the catalogue (public), the
  // member's current plan and fees (they read), every membership (admins page it), intro-offer
  // claims (functions only) and bulk freezes (admins read).
  plans: () => ROOTS.plans,
  plan: (planId: string) => join(ROOTS.plans, planId),
  membership: (uid: string) => join(ROOTS.users, uid, 'membership'),
  planFees: (uid: string) => join(ROOTS.users, uid, 'plan-fees'),
  planFee: (uid: string, feeId: string) => join(ROOTS.users, uid, 'plan-fees', feeId),
  memberships: () => ROOTS.memberships,
  membershipRecord: (membershipId: string) => join(ROOTS.memberships, membershipId),
  introClaims: () => ROOTS.introClaims,
  introClaim: (key: string) => join(ROOTS.introClaims, key),
  /** Plan fees waiting to be charged (functions only): `{uid}-{feeId}` → `{uid, feeId, at}`. */
  planFeeQueue: () => ROOTS.planFeeQueue,
  planFeeQueueEntry: (key: string) => join(ROOTS.planFeeQueue, key),
  bulkFreezes: () => ROOTS.bulkFreezes,
  bulkFreeze: (bulkId: string) => join(ROOTS.bulkFreezes, bulkId),

  // Stripe bookkeeping (functions only).
  stripeEvents: () => ROOTS.stripeEvents,
  stripeEvent: (eventId: string) => join(ROOTS.stripeEvents, eventId),
  stripeCustomers: () => ROOTS.stripeCustomers,
  stripeCustomer: (uid: string) => join(ROOTS.stripeCustomers, uid),
  stripeCustomerUid: (customerId: string) => join(ROOTS.stripeCustomerUids, customerId),
  stripeSubscriptions: () => ROOTS.stripeSubscriptions,
  stripeSubscription: (subscriptionId: string) => join(ROOTS.stripeSubscriptions, subscriptionId),
  allSubscriptionGrants: () => ROOTS.subscriptionGrants,
  subscriptionGrants: (subscriptionId: string) => join(ROOTS.subscriptionGrants, subscriptionId),
  subscriptionGrant: (subscriptionId: string, period: string) =>
    join(ROOTS.subscriptionGrants, subscriptionId, period),
  /** The member's one subscription: claimed by a checkout, then held by its subscription. */
  subscriptionClaim: (uid: string) => join(ROOTS.subscriptionClaims, uid),

  // The personal calendar feed (schemas/calendar-feed.ts): token → member (functions only), and
  // the member's current token (only that member reads it).
  calendarFeed: (token: string) => join(ROOTS.calendarFeeds, token),
  calendarFeedEvents: (token: string) => join(ROOTS.calendarFeeds, token, 'events'),
  calendarFeedToken: (uid: string) => join(ROOTS.calendarFeedTokens, uid),

  // The front desk (core/src/desk): the written waiver's versions and the current one (public),
  // members' signatures (functions write once), coaches' pay rates (admins).
  waivers: () => ROOTS.waivers,
  waiverCurrent: () => join(ROOTS.waivers, 'current'),
  waiverVersions: () => join(ROOTS.waivers, 'versions'),
  waiverVersion: (version: number) => join(ROOTS.waivers, 'versions', listKey(version)),
  waiverSignatures: (uid: string) => join(ROOTS.waiverSignatures, uid),
  waiverSignature: (uid: string, signatureId: string) =>
    join(ROOTS.waiverSignatures, uid, signatureId),
  coachPayRates: () => ROOTS.coachPayRates,
  coachPayRatesOf: (coachId: string) => join(ROOTS.coachPayRates, coachId),
  coachPayRate: (coachId: string, rateId: string) => join(ROOTS.coachPayRates, coachId, rateId),

  auditLog: () => ROOTS.auditLog,
  auditEntry: (entryId: string) => join(ROOTS.auditLog, entryId),

  // E-mail, one entry per causing event (ids: `mailOutboxIds`); functions write, admins read.
  mailOutbox: () => ROOTS.mailOutbox,
  mailOutboxEntry: (id: string) => join(ROOTS.mailOutbox, id),

  // Web push (docs/architecture/push.md): one entry per event and device (`pushOutboxId`), the
  // member's devices (functions write, the member reads), which member a device belongs to
  // (functions only), who watches a full class (functions only) and the member's own list.
  pushOutbox: () => ROOTS.pushOutbox,
  pushOutboxEntry: (id: string) => join(ROOTS.pushOutbox, id),
  pushSubscriptions: (uid: string) => join(ROOTS.pushSubscriptions, uid),
  pushSubscription: (uid: string, deviceId: string) => join(ROOTS.pushSubscriptions, uid, deviceId),
  pushDevice: (deviceId: string) => join(ROOTS.pushDevices, deviceId),
  classWatch: (classId: string) => join(ROOTS.classWatch, classId),
  classWatches: () => ROOTS.classWatch,
  userWatches: (uid: string) => join(ROOTS.userWatches, uid),
  userWatch: (uid: string, classId: string) => join(ROOTS.userWatches, uid, classId),

  // plantilla-date's saved weekly templates; admins only
  // (docs/architecture/admin-and-audit.md#classes).
  classTemplates: () => ROOTS.classTemplates,
  classTemplate: (templateId: string) => join(ROOTS.classTemplates, templateId),

  // The nightly rollups (docs/architecture/insights.md); functions write, admins read.
  insights: () => ROOTS.insights,
  insightsDays: () => join(ROOTS.insights, 'days'),
  insightsDay: (date: DateString) => join(ROOTS.insights, 'days', date),
  insightsMonths: () => join(ROOTS.insights, 'months'),
  /** `month` is `yyyy-MM`. */
  insightsMonth: (month: string) => join(ROOTS.insights, 'months', month),
  insightsLiabilities: () => join(ROOTS.insights, 'liability'),
  insightsLiability: (date: DateString) => join(ROOTS.insights, 'liability', date),
  insightsRun: () => join(ROOTS.insights, 'run'),
  /** One branch's class figures (its classes of each day, its cells of each month), for its admin. */
  insightsBranchDays: (branchId: string) => join(ROOTS.insights, 'branches', branchId, 'days'),
  insightsBranchDay: (branchId: string, date: DateString) =>
    join(ROOTS.insights, 'branches', branchId, 'days', date),
  insightsBranchMonths: (branchId: string) => join(ROOTS.insights, 'branches', branchId, 'months'),
  insightsBranchMonth: (branchId: string, month: string) =>
    join(ROOTS.insights, 'branches', branchId, 'months', month),

  // Imports from another system (docs/architecture/import.md); functions write, admins read; a
  // member reads their own `ImportedHistory`.
  importRuns: () => ROOTS.importRuns,
  importRun: (runId: string) => join(ROOTS.importRuns, runId),
  importRunRows: (runId: string) => join(ROOTS.importRunRows, runId),
  /** A batch's report lines, keyed by its file and first line (`importRowKey`). */
  importRunBatch: (runId: string, batchKey: string) => join(ROOTS.importRunRows, runId, batchKey),
  /** The accounts a dry run would make, so its later files read as they will (removed at its end). */
  importDryRunMembers: (runId: string) => join(ROOTS.importDryRunMembers, runId),
  importDryRunMember: (runId: string, key: string) => join(ROOTS.importDryRunMembers, runId, key),
  /** Members whose visit history a run changed: their summary is rebuilt at its end. */
  importRunMembers: (runId: string) => join(ROOTS.importRunMembers, runId),
  importRunMember: (runId: string, uid: string) => join(ROOTS.importRunMembers, runId, uid),
  importMappings: () => ROOTS.importMappings,
  importMapping: (source: string) => join(ROOTS.importMappings, source),
  importedMembers: (source: string) => join(ROOTS.importedMembers, source),
  importedMember: (source: string, key: string) => join(ROOTS.importedMembers, source, key),
  importedVisits: (uid: string) => join(ROOTS.importedVisits, uid),
  importedVisit: (uid: string, key: string) => join(ROOTS.importedVisits, uid, key),
  importedHistory: (uid: string) => join(ROOTS.importedHistory, uid),
  importedHistories: () => ROOTS.importedHistory,

  // Server-only bookkeeping (no rule names them, so clients can neither read nor write them).
  /** Per-member attempt windows of the abuse limits (core/src/rate-limits.ts). */
  rateLimit: (uid: string, action: RateLimitAction) => join(ROOTS.rateLimits, uid, action),
  /** A scheduled job's items done in one run period (e.g. the month), so a retry skips them. */
  jobRuns: (job: string) => join(ROOTS.jobProgress, job),
  jobRun: (job: string, run: string) => join(ROOTS.jobProgress, job, run),
  jobItemDone: (job: string, run: string, item: string) => join(ROOTS.jobProgress, job, run, item),
} as const;

/**
 * The calendar's query for classes between two dates, inclusive: `Classes` ordered by the
 * child `date` ('yyyy-MM-dd' sorts as text), which `database.rules.json` indexes
 * (`".indexOn": ["date", "startsAt"]`). See docs/decisions/010-class-date-index.md.
 */
export interface ClassRangeQuery {
  path: string;
  orderByChild: 'date';
  startAt: DateString;
  endAt: DateString;
}

export function classesByDateRange(from: DateString, to: DateString): ClassRangeQuery {
  if (!isDateString(from) || !isDateString(to) || from > to)
    throw new RangeError(`Not a date range: ${from} … ${to}`);
  return { path: paths.classes(), orderByChild: 'date', startAt: from, endAt: to };
}
