import type { StudioInput } from '@studio/core';
import type { UploadPicture } from '../../../lib/pictures/upload';
import type { Unsubscribe } from '../../../lib/realtime';

export interface AdminStudioApi {
  /** `Studio` as stored (null when never saved); the form parses it field by field. */
  watchStudio: (onChange: (value: unknown) => void) => Unsubscribe;
  /** Stores the logo or the cover in Cloud Storage and answers its download URL. */
  uploadPicture: UploadPicture;
  /** `saveCatalogItem` with the `studio` collection; rejects with the HttpsError it sent. */
  saveStudio: (studio: StudioInput) => Promise<void>;
}
