import { pictureSources } from '@studio/core';
import { drawableImage } from '../../lib/pictures/studio-image';

export interface PictureProps {
  /**
   * A studio picture's Cloud Storage download URL (or a data URL); any other address draws
   * nothing (lib/pictures/studio-image.ts).
   */
  src: string;
  /** What it shows, or '' when the text beside it says it already. */
  alt: string;
  /** How wide it is drawn (the `sizes` attribute), so the browser fetches the right width. */
  sizes: string;
  /** The drawn box, so the page keeps its place while the picture loads. */
  width: number;
  height: number;
  className?: string;
  /** Eager and high priority for the page's main picture (a cover); lazy otherwise. */
  priority?: boolean;
}

/**
 * A picture at the width the screen needs: a studio picture's stored URL brings its narrower
 * widths as `srcset` (core `pictureSources`), fetched lazily unless it is the page's main one.
 */
export function Picture({
  src,
  alt,
  sizes,
  width,
  height,
  className,
  priority = false,
}: PictureProps) {
  const drawable = drawableImage(src, 'studio');
  if (drawable === undefined) return null;
  const { src: source, srcSet } = pictureSources(drawable);
  return (
    <img
      className={className}
      src={source}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
