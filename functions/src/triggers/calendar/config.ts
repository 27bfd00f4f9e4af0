import { LOCAL_APP_ORIGINS, hostingOrigins, parseOrigins } from '@studio/core';

/**
 * The app's origin, for the feed's event URLs and UIDs (`booking-{id}@{host}`, the UIDs the
 * booking mails' attachments carry): the first of `APP_ORIGINS` (as for checkout return URLs,
 * triggers/payments/config.ts), else the project's Hosting domain, else the local stack's.
 */
export function feedAppUrl(env: NodeJS.ProcessEnv = process.env): string {
  const configured = parseOrigins(env['APP_ORIGINS'] ?? '');
  const project = env['GCLOUD_PROJECT'] ?? env['GOOGLE_CLOUD_PROJECT'];
  return (
    configured[0] ??
    (project ? hostingOrigins(project)[0] : undefined) ??
    LOCAL_APP_ORIGINS[0] ??
    ''
  );
}
