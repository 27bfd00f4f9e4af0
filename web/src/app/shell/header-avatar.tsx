import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { drawableImage } from '../../lib/pictures/studio-image';

/** When logged in, a small avatar in the header links to the member's profile. */
export function HeaderAvatar({ uid, img }: { uid: string; img: string | null }) {
  const t = useT();
  const photo = drawableImage(img, 'photo');
  return (
    <Link
      href={paths.profileUser.getHref({ uid })}
      className="avatar"
      aria-label={t('menuMyProfile')}
    >
      {photo ? (
        <img src={photo} alt="" width={32} height={32} referrerPolicy="no-referrer" />
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="9" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7Z" fill="currentColor" />
        </svg>
      )}
    </Link>
  );
}
