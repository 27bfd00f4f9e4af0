import { pictureSources } from '@studio/core';
import { useEffect } from 'react';
import { brandingFrom, useBrandingStore } from '../../../lib/branding';
import type { StudioApi } from '../api/studio-api';

/**
 * Follows `Studio` and applies it: the header's name and logo, the colour tokens, the document
 * title and theme colour, and the copy index.html applies next time before the app starts.
 */
export function BrandingSync({ api }: { api: StudioApi }) {
  const setBranding = useBrandingStore((state) => state.setBranding);
  useEffect(
    () =>
      api.watchStudio((studio) =>
        setBranding(
          studio
            ? brandingFrom(studio, studio.cover ? pictureSources(studio.cover).srcSet : undefined)
            : null,
        ),
      ),
    [api, setBranding],
  );
  return null;
}
