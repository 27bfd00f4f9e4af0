import { useCallback } from 'react';
import type { SessionApi } from '../api/session-api';
import { logout } from '../session-lifecycle';

const reloadPage = (): void => window.location.reload();

export function useLogout(api: SessionApi, reload: () => void = reloadPage): () => void {
  return useCallback(() => {
    logout(api, reload).catch((error: unknown) => console.error('sign-out failed', error));
  }, [api, reload]);
}
