// The front desk's log events, one named function each, with a stable `event`
// field for Cloud Logging queries. Passes are secrets: never logged.
import { logger } from 'firebase-functions/logger';

export function memberPassIssued(fields: { uid: string; renewed: boolean }): void {
  logger.info('Member pass issued', { event: 'member_pass_issued', ...fields });
}

export function memberPassRevoked(fields: { by: string; uid: string }): void {
  logger.info('Member pass revoked', { event: 'member_pass_revoked', ...fields });
}

export function memberCheckedIn(fields: {
  by: string;
  uid: string;
  classId: string;
  via: 'pass' | 'name';
}): void {
  logger.info('Member checked in at the door', { event: 'member_checked_in', ...fields });
}

export function waiverPublished(fields: { by: string; version: number; reset: number }): void {
  logger.info('Waiver published', { event: 'waiver_published', ...fields });
}

export function waiverSigned(fields: {
  by: string;
  uid: string;
  version: number;
  signatureId: string;
}): void {
  logger.info('Waiver signed', { event: 'waiver_signed', ...fields });
}

export function memberAddedAtDesk(fields: {
  by: string;
  uid: string;
  classId: string;
  payWith: string;
  newAccount: boolean;
}): void {
  logger.info('Member added to a class at the desk', { event: 'desk_booking', ...fields });
}

export function cashSaleRecorded(fields: {
  by: string;
  uid: string;
  paymentId: string;
  amount: number;
}): void {
  logger.info('Cash sale recorded', { event: 'cash_sale_recorded', ...fields });
}

export function cashSaleRefunded(fields: { by: string; paymentId: string; taken: number }): void {
  logger.info('Cash sale refunded', { event: 'cash_sale_refunded', ...fields });
}

export function deskCheckoutOpened(fields: {
  by: string;
  uid: string;
  sessionId: string;
  delivery: 'here' | 'link';
}): void {
  logger.info('Desk checkout opened', { event: 'desk_checkout_opened', ...fields });
}

export function substituteAssigned(fields: {
  by: string;
  classId: string;
  coachId: string | null;
  notified: number;
}): void {
  logger.info('Substitute assigned', { event: 'substitute_assigned', ...fields });
}

export function coachPayRateSaved(fields: { by: string; coachId: string; rateId: string }): void {
  logger.info('Coach pay rate saved', { event: 'coach_pay_rate_saved', ...fields });
}
