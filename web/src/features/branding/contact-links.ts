import type { SocialNetwork, Studio } from '@studio/core';
import { SOCIAL_NETWORKS } from '@studio/core';

/** `tel:` keeps the leading + and the digits; spaces and brackets are for people. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/** wa.me takes the international number as digits only (https://faq.whatsapp.com/5913398998672934). */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}

/** The networks the studio has a link for, in a fixed order. */
export function socialLinks(studio: Studio): { network: SocialNetwork; href: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = studio.social?.[network];
    return href ? [{ network, href }] : [];
  });
}

/** Text in the interface language, else in the other one, else nothing. */
export function inLang(text: { en?: string; es?: string } | undefined, lang: 'en' | 'es') {
  const other = lang === 'en' ? 'es' : 'en';
  return text?.[lang]?.trim() || text?.[other]?.trim() || undefined;
}
