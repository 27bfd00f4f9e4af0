import type { Studio } from '@studio/core';
import { useLive } from '../../../lib/use-live';
import type { StudioApi } from '../api/studio-api';

/** `Studio`, live: undefined until the database answers, null when nothing is saved yet. */
export function useStudio(api: StudioApi): Studio | null | undefined {
  return useLive<Studio | null | undefined>((onChange) => api.watchStudio(onChange), undefined, [
    api,
  ]);
}
