import { paths } from '@studio/core';
import { getFunctionsClient } from '../../../lib/firebase';
import { uploadPicture } from '../../../lib/pictures/upload';
import { watchPath } from '../../../lib/realtime';
import type { AdminStudioApi } from './admin-studio-api';

export const firebaseAdminStudioApi: AdminStudioApi = {
  watchStudio: (onChange) => watchPath(paths.studio(), onChange),
  uploadPicture,
  saveStudio: async (studio) => {
    // The catalogue's one audited writer (docs/architecture/admin-and-audit.md#catalogue).
    const [functions, { httpsCallable }] = await Promise.all([
      getFunctionsClient(),
      import('firebase/functions'),
    ]);
    await httpsCallable(functions, 'saveCatalogItem')({ collection: 'studio', value: studio });
  },
};
