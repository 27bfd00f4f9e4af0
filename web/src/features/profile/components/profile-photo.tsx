import { useState } from 'react';
import { PictureInput } from '../../../components/ui/picture-input';
import { useT } from '../../../lib/i18n';
import { drawableImage } from '../../../lib/pictures/studio-image';
import type { ProfileApi } from '../api/profile-api';
import { profileMessages } from '../profile-messages';

export interface ProfilePhotoProps {
  api: Pick<ProfileApi, 'uploadPicture' | 'savePhoto'>;
  uid: string;
  /** `Users/{uid}/Img` as stored; shown only when the app may draw it (own storage, data URL). */
  img: string | undefined;
}

/**
 * The member's own photo: chosen or taken, framed in a circle and resized in the browser, stored
 * under their own folder in the studio's bucket (storage.rules: only they write it), and its
 * download URL saved as `Img`. The profile's header and the app's header show it.
 */
export function ProfilePhoto({ api, uid, img }: ProfilePhotoProps) {
  const t = useT(profileMessages);
  const [outcome, setOutcome] = useState<'saved' | 'removed' | 'failed' | null>(null);

  const change = (url: string) => {
    setOutcome(null);
    api.savePhoto(uid, url === '' ? null : url).then(
      () => setOutcome(url === '' ? 'removed' : 'saved'),
      () => setOutcome('failed'),
    );
  };

  return (
    <section aria-label={t('photoLabel')} className="card ui-card profile-section profile-photo">
      <PictureInput
        label={t('photoLabel')}
        hint={t('photoHint')}
        value={drawableImage(img, 'photo') ?? ''}
        onChange={change}
        slot="avatar"
        upload={api.uploadPicture}
        uid={uid}
        round
        error={outcome === 'failed' ? t('photoFailed') : undefined}
      />
      {(outcome === 'saved' || outcome === 'removed') && (
        <p role="status" className="profile-saved">
          {t(outcome === 'saved' ? 'photoSaved' : 'photoRemoved')}
        </p>
      )}
    </section>
  );
}
