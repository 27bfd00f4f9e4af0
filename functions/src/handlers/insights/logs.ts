// The insights domain's log events, one named function each.
import { logger } from 'firebase-functions/logger';

export function insightsRolledUp(fields: Readonly<Record<string, number | string>>): void {
  logger.info('Insights rolled up', { event: 'insights_rolled_up', ...fields });
}
