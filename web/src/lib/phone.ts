/**
 * Phone numbers as people read them ("+52 81 1234 5678"), with libphonenumber-js's smallest
 * ("min") metadata, loaded on demand so no first route carries it. Until it has loaded, and for
 * text that is not a number it knows, the text is shown as written.
 */
import { useEffect, useState } from 'react';

/** Numbers written without a country code are the studio's (Monterrey). */
export const STUDIO_COUNTRY = 'MX';

type Formatter = (raw: string) => string;

let loading: Promise<Formatter> | undefined;

export function loadPhoneFormatter(): Promise<Formatter> {
  loading ??= import('libphonenumber-js/min').then(({ parsePhoneNumberFromString }) => {
    return (raw: string) => {
      const parsed = parsePhoneNumberFromString(raw, STUDIO_COUNTRY);
      return parsed?.isPossible() ? parsed.formatInternational() : raw;
    };
  });
  return loading;
}

/** `raw` formatted once the metadata is there; `raw` meanwhile. */
export function usePhoneText(raw: string | null | undefined): string {
  const text = raw ?? '';
  const [formatted, setFormatted] = useState<{ raw: string; text: string } | null>(null);
  useEffect(() => {
    if (!text) return undefined;
    let live = true;
    loadPhoneFormatter()
      .then((format) => {
        if (live) setFormatted({ raw: text, text: format(text) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return formatted?.raw === text ? formatted.text : text;
}

/** Mexico's metropolitan areas with two-digit area codes (Mexico City, Guadalajara, Monterrey). */
const MX_TWO_DIGIT_AREAS = ['55', '56', '33', '81'];

/**
 * A Mexican number in the grouping people read ("+52 81 1234 5678", "+52 442 123 4567") without
 * the metadata, for the studio's own phone and WhatsApp on screens that should not load it; the
 * mobile "1" Mexico dropped in 2019 (WhatsApp numbers often keep it) is left out. Any other text
 * is shown as written.
 */
export function mexicanPhoneText(raw: string): string {
  const match = /^\+?52\s*(?:1\s*)?((?:\d\s*){10})$/.exec(raw.trim());
  if (!match) return raw;
  const digits = match[1]!.replace(/\s/g, '');
  const area = MX_TWO_DIGIT_AREAS.includes(digits.slice(0, 2)) ? 2 : 3;
  const rest = digits.slice(area);
  const split = rest.length === 8 ? 4 : 3;
  return `+52 ${digits.slice(0, area)} ${rest.slice(0, split)} ${rest.slice(split)}`;
}
