/** The contact, about and branding labels, English and Spanish. */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const brandingMessages = defineMessages({
  en: {
    visitUs: 'Visit us',
    openInMaps: 'Open in Maps',
    noAddress: 'The studio has not published its address yet.',
    openingHours: 'Opening hours',
    noHours: 'Opening hours are not published yet. Write to us to ask.',
    getInTouch: 'Get in touch',
    call: 'Call',
    whatsapp: 'WhatsApp',
    email: 'E-mail',
    noContact: 'No phone or e-mail yet',
    noContactText: 'The studio has not added how to reach it. Come by during a class.',
    followUs: 'Follow us',
    instagram: 'Instagram',
    facebook: 'Facebook',
    tiktok: 'TikTok',
    youtube: 'YouTube',
    x: 'X',
    contactUs: 'Contact us',
    logoAlt: '{name} logo',
  },
  es: {
    visitUs: 'Visítanos',
    openInMaps: 'Abrir en Mapas',
    noAddress: 'El estudio aún no ha publicado su dirección.',
    openingHours: 'Horario',
    noHours: 'El horario aún no está publicado. Escríbenos para preguntar.',
    getInTouch: 'Contáctanos',
    call: 'Llamar',
    whatsapp: 'WhatsApp',
    email: 'Correo',
    noContact: 'Aún sin teléfono ni correo',
    noContactText: 'El estudio no ha añadido cómo contactarlo. Visítanos durante una clase.',
    followUs: 'Síguenos',
    instagram: 'Instagram',
    facebook: 'Facebook',
    tiktok: 'TikTok',
    youtube: 'YouTube',
    x: 'X',
    contactUs: 'Contáctanos',
    logoAlt: 'Logo de {name}',
  },
});

export type BrandingKey = MessageKeyOf<typeof brandingMessages>;
