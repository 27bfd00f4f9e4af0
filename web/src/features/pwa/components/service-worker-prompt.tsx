import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';

/**
 * The one owner of the service worker lifecycle: registers it when mounted, then offers the
 * reload when a new version is waiting (registerType 'prompt') and says when the app works offline.
 */
export default function ServiceWorkerPrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    // Mounted 30 s after start, long after the load event the default waits for.
    immediate: true,
    onRegisterError: (error: unknown) => console.error('service worker registration failed', error),
  });
  return (
    <UpdatePrompt
      needRefresh={needRefresh}
      offlineReady={offlineReady}
      onUpdate={() => void updateServiceWorker(true)}
      onDismiss={() => {
        setNeedRefresh(false);
        setOfflineReady(false);
      }}
    />
  );
}
