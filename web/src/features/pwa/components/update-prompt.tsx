import { useT } from '../../../lib/i18n';

export interface UpdatePromptProps {
  needRefresh: boolean;
  offlineReady: boolean;
  onUpdate: () => void;
  onDismiss: () => void;
}

/** What the member sees of the worker: a new version to load, or the app now works offline. */
export function UpdatePrompt({
  needRefresh,
  offlineReady,
  onUpdate,
  onDismiss,
}: UpdatePromptProps) {
  const t = useT();
  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="sw-prompt" role="status" aria-live="polite">
      <p>{needRefresh ? t('updateAvailable') : t('offlineReady')}</p>
      <div className="sw-prompt-actions">
        {needRefresh && (
          <button type="button" className="button" onClick={onUpdate}>
            {t('updateReload')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </div>
    </div>
  );
}
