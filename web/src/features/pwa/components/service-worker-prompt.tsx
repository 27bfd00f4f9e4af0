import { useRegisterSW } from 'virtual:pwa-register/react';
import { useT } from '../../../lib/i18n';

/**
 * The one owner of the service worker lifecycle: registers it when mounted, then offers the
 * reload when a new version is waiting (registerType 'prompt') and says when the app works offline.
 */
export default function ServiceWorkerPrompt() {
  const t = useT();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    // Mounted 30 s after start, long after the load event the default waits for.
    immediate: true,
    onRegisterError: (error: unknown) => console.error('service worker registration failed', error),
  });

  if (!needRefresh && !offlineReady) return null;

  const dismiss = () => {
    setNeedRefresh(false);
    setOfflineReady(false);
  };

  return (
    <div className="sw-prompt" role="status" aria-live="polite">
      <p>{needRefresh ? t('updateAvailable') : t('offlineReady')}</p>
      <div className="sw-prompt-actions">
        {needRefresh && (
          <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
            {t('updateReload')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={dismiss}>
          {t('dismiss')}
        </button>
      </div>
    </div>
  );
}
