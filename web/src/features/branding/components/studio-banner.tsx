import { Picture } from '../../../components/ui/picture';
import { BUILT_IN_LOOK, useBrandingStore } from '../../../lib/branding';
import '../studio-banner.css';

/**
 * The studio's cover with its logo and name, beside sign-in and registration: the studio a
 * member is joining, not a bare form. From the branding kept on the device (then live), so it
 * draws at once; the box keeps its shape while the picture loads.
 */
export function StudioBanner() {
  const branding = useBrandingStore((state) => state.branding);
  const name = branding?.name ?? BUILT_IN_LOOK.title;
  return (
    <figure className="studio-banner">
      {branding?.cover && (
        <Picture
          src={branding.cover}
          alt=""
          sizes="(min-width: 1024px) 45vw, 100vw"
          width={1280}
          height={720}
          priority
        />
      )}
      <figcaption className="studio-banner-caption">
        {branding?.logo && (
          <img className="studio-banner-logo" src={branding.logo} alt="" width={40} height={40} />
        )}
        <span className="studio-banner-name">{name}</span>
      </figcaption>
    </figure>
  );
}
