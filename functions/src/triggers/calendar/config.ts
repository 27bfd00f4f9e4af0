import { appOriginsFromEnv } from '@studio/core';

/**
 * The app's origin, for the feed's event URLs and UIDs (`booking-{id}@{host}`, the UIDs the
 * booking mails' attachments carry): the first of the app's origins (core `appOriginsFromEnv`,
 * as for checkout return URLs and mail links).
 */
export function feedAppUrl(env: NodeJS.ProcessEnv = process.env): string {
  const [first] = appOriginsFromEnv(env);
  if (first === undefined) throw new Error('The calendar feed needs APP_ORIGINS or GCLOUD_PROJECT');
  return first;
}
