import { paths, studioFromStored } from '@studio/core';
import { watchPath } from '../../../lib/realtime';
import type { StudioApi } from './studio-api';

export const firebaseStudioApi: StudioApi = {
  // Field by field: one field an older version stored differently does not hide the others.
  watchStudio: (onChange) =>
    watchPath(
      paths.studio(),
      (value) => onChange(value === null ? null : studioFromStored(value)),
      undefined,
      { readers: 'anyone' },
    ),
};
