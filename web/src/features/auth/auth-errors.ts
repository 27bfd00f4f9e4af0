import type { Translate } from '../../lib/i18n';
import type { AuthKey } from './auth-messages';

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

/**
 * A badly formatted e-mail gets the Spanish "badly written" message; any other
 * failure shows the provider's error code.
 */
export function authErrorText(error: unknown, t: Translate<AuthKey>): string {
  const code = errorCode(error);
  if (code === 'auth/invalid-email') return t('badEmail');
  return t('providerError', { code: code ?? 'unknown' });
}
