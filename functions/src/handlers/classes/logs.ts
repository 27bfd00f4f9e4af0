// The class administration's log events, one named function each, with a
// stable `event` field for Cloud Logging queries.
import { logger } from 'firebase-functions/logger';

export function classesCreated(fields: { by: string; classIds: readonly string[] }): void {
  logger.info('Classes created', { event: 'classes_created', ...fields });
}

export function classCancelled(fields: { by: string; classId: string; refunded: number }): void {
  logger.info('Class cancelled', { event: 'class_cancelled', ...fields });
}
