import type { CSSProperties } from 'react';
import type { PrimaryTokens } from '@studio/core';
import { brandPalette, isHexColour } from '@studio/core';
import { useT } from '../../../lib/i18n';
import { drawableImage } from '../../../lib/pictures/studio-image';
import { adminStudioMessages } from '../admin-studio-messages';

interface PreviewProps {
  name: string;
  logo: string;
  colour: string;
}

/** A small piece of the app in the colour being edited, light and dark, before it is saved. */
export function BrandPreview({ name, logo, colour }: PreviewProps) {
  const t = useT(adminStudioMessages);
  if (!isHexColour(colour.trim())) return null;
  const palette = brandPalette(colour.trim());
  const drawable = drawableImage(logo, 'studio');
  const sample = (theme: 'light' | 'dark', tokens: PrimaryTokens) => (
    <figure
      className={`brand-preview brand-preview-${theme}`}
      style={
        {
          '--preview-primary': tokens.primary,
          '--preview-on-primary': tokens.onPrimary,
          '--preview-soft': tokens.soft,
        } as CSSProperties
      }
    >
      <div className="brand-preview-header">
        {drawable && (
          <img src={drawable} alt="" width="24" height="24" className="brand-preview-logo" />
        )}
        <span>{name.trim() || 'Studio'}</span>
      </div>
      <div className="brand-preview-body">
        <span className="brand-preview-badge">{t('previewBadge')}</span>
        <span className="brand-preview-link">{t('previewLink')}</span>
        <span className="brand-preview-button">{t('previewButton')}</span>
      </div>
      <figcaption>{t(theme === 'light' ? 'previewLight' : 'previewDark')}</figcaption>
    </figure>
  );
  return (
    <div className="brand-previews" aria-label={t('preview')} role="group">
      {sample('light', palette.light)}
      {sample('dark', palette.dark)}
    </div>
  );
}
