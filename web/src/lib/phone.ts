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
