// The credits domain's log events, one named function each, with a stable
// `event` field for Cloud Logging queries.
import { logger } from 'firebase-functions/logger';

export function creditsAdjusted(fields: {
  by: string;
  uid: string;
  kind: string;
  delta: number;
  balance: number;
  adjustId: string;
}): void {
  logger.info('Credits adjusted', { event: 'credits_adjusted', ...fields });
}
