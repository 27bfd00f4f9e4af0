import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import './update-prompt.css';

/** How long "ready to work offline" stays up: it is news, not a question. */
export const OFFLINE_NOTE_MS = 8000;

export interface UpdatePromptProps {
  needRefresh: boolean;
  offlineReady: boolean;
  onUpdate: () => void;
  onDismiss: () => void;
  offlineNoteMs?: number;
}

/**
 * What the member sees of the worker: a new version to load (stays until answered), or the app
 * now works offline (goes by itself). It sits above the tab bar and the page gets as much room
 * below it, so it hides neither the tabs nor the end of the page
 * (docs/architecture/web-app.md#offline).
 */
export function UpdatePrompt({
  needRefresh,
  offlineReady,
  onUpdate,
  onDismiss,
  offlineNoteMs = OFFLINE_NOTE_MS,
}: UpdatePromptProps) {
  const t = useT();
  const note = useRef<HTMLDivElement>(null);
  const shown = needRefresh || offlineReady;
  const timeUp = useEffectEvent(onDismiss);

  useEffect(() => {
    if (!offlineReady || needRefresh) return undefined;
    const timer = setTimeout(timeUp, offlineNoteMs);
    return () => clearTimeout(timer);
  }, [offlineReady, needRefresh, offlineNoteMs]);

  useLayoutEffect(() => {
    const element = note.current;
    if (!shown || !element) return undefined;
    const body = document.body.style;
    body.paddingBottom = `${element.offsetHeight + 16}px`;
    return () => {
      body.paddingBottom = '';
    };
  }, [shown, needRefresh]);

  if (!shown) return null;
  return (
    <div ref={note} className="sw-note" role="status" aria-live="polite">
      <p>{needRefresh ? t('updateAvailable') : t('offlineReady')}</p>
      <div className="sw-note-actions">
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
