import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useToastStore } from '../src/components/ui/toast';
import { initialSessionState, useSessionStore } from '../src/features/session/stores/session-store';
import { DEFAULT_LANG, useLangStore } from '../src/lib/i18n';

// Each test starts from an empty device: no storage, default language, no session, no toasts.
beforeEach(() => {
  localStorage.clear();
  useLangStore.setState({ lang: DEFAULT_LANG });
  useSessionStore.setState(initialSessionState);
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
