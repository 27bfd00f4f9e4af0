import type { Studio } from '@studio/core';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLangStore, useT } from '../../../lib/i18n';
import { drawableImage } from '../../../lib/pictures/studio-image';
import { brandingMessages } from '../branding-messages';
import { inLang } from '../contact-links';
import { SocialLinks } from './contact-details';
import '../branding.css';

export interface AboutStudioProps {
  studio: Studio | null | undefined;
  /** The built-in text, shown until the admin writes the studio's own. */
  fallbackText: string;
  contactHref: string;
}

/** sobre-nosotros: the studio's logo, name and story in the reader's language, and how to visit. */
export function AboutStudio({ studio, fallbackText, contactHref }: AboutStudioProps) {
  const t = useT(brandingMessages);
  const lang = useLangStore((state) => state.lang);
  if (studio === undefined) {
    return (
      <div className="about" aria-hidden="true">
        <div className="about-identity">
          <Skeleton shape="circle" width="72px" height="72px" />
          <Skeleton width="50%" height="1.75rem" />
        </div>
        <Skeleton lines={4} />
      </div>
    );
  }
  const text = inLang(studio?.about, lang) ?? fallbackText;
  const logo = drawableImage(studio?.logo, 'studio');
  return (
    <div className="about">
      {studio && (
        <div className="about-identity">
          {logo ? (
            <img
              className="about-logo"
              src={logo}
              alt={t('logoAlt', { name: studio.name })}
              width="72"
              height="72"
            />
          ) : (
            <span className="about-logo about-monogram" aria-hidden="true">
              {studio.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <p className="about-name">{studio.name}</p>
        </div>
      )}
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="about-text">
          {paragraph}
        </p>
      ))}
      {studio?.address && (
        <p className="about-address">
          <span className="visually-hidden">{t('visitUs')}: </span>
          {studio.address}
        </p>
      )}
      <Link href={contactHref} className={buttonClass({ variant: 'primary' })}>
        {t('contactUs')}
      </Link>
      {studio && <SocialLinks studio={studio} />}
    </div>
  );
}
