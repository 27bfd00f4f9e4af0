import { pictureSources } from '@studio/core';
import { drawableImage } from '../../lib/pictures/studio-image';

/** Drawn sizes, px: the `sizes` a coach's headshot is fetched for. */
const PIXELS = { s: 28, m: 40, l: 64 } as const;

export interface AvatarProps {
  /** The person's name: the image's alternative text and the source of the initials. */
  name: string;
  src?: string | null;
  size?: 's' | 'm' | 'l';
  /** When the name is also written beside the avatar, it is decoration only. */
  decorative?: boolean;
}

/** Up to two initials of a name ("Ana María López" → "AM"); "?" when there is no name. */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase());
  return letters.length > 0 ? letters.join('') : '?';
}

/**
 * A round photo of a person, or their initials when there is none or it is not one the app draws
 * (only the studio's storage or a data URL: lib/pictures/studio-image.ts).
 */
export function Avatar({ name, src, size = 'm', decorative = false }: AvatarProps) {
  const photo = drawableImage(src, 'photo');
  const className = `ui-avatar ui-avatar-${size}`;
  if (photo) {
    const { src: source, srcSet } = pictureSources(photo);
    return (
      <img
        className={className}
        src={source}
        srcSet={srcSet}
        sizes={srcSet ? `${PIXELS[size]}px` : undefined}
        width={PIXELS[size]}
        height={PIXELS[size]}
        alt={decorative ? '' : name}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className={className}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {initialsOf(name)}
    </span>
  );
}
