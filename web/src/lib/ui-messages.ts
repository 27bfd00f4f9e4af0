import type { Lang } from '@studio/core';

/** Labels of the web shell's own controls; product texts are in the `@studio/core` catalogue. */
const en = {
  appName: 'Studio',
  skipToContent: 'Skip to content',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  sideMenu: 'Side menu',
  tabBar: 'Sections',
  language: 'Language',
  langEnglish: 'English',
  langSpanish: 'Español',
  loading: 'Loading…',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is nothing at this address.',
  goHome: 'Go to Home',
  routeParams: 'Route parameters',
  updateAvailable: 'A new version of the app is available.',
  updateReload: 'Update',
  offlineReady: 'The app is ready to work offline.',
  dismiss: 'Dismiss',
  close: 'Close',
  regularPrice: 'Regular price',
  offerPrice: 'Offer price',
  notifications: 'Notifications',
  pageError: 'This screen could not load. Check your connection and try again.',
  retry: 'Try again',
  quickLinks: 'Quick links',
} as const;

/**
 * The keys of every label catalogue: the shell's here, and one entry per catalogue that a lazy
 * chunk adds on load (member-messages.ts declares its own), so this module imports none of them.
 */
export interface UiKeyCatalogues {
  shell: keyof typeof en;
}

/** Shell labels plus the labels the lazy chunks add (`addUiMessages`). */
export type UiKey = UiKeyCatalogues[keyof UiKeyCatalogues];

const es: Record<keyof typeof en, string> = {
  appName: 'Studio',
  skipToContent: 'Saltar al contenido',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  sideMenu: 'Menú lateral',
  tabBar: 'Secciones',
  language: 'Idioma',
  langEnglish: 'English',
  langSpanish: 'Español',
  loading: 'Cargando…',
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'No hay nada en esta dirección.',
  goHome: 'Ir al inicio',
  routeParams: 'Parámetros de la ruta',
  updateAvailable: 'Hay una nueva versión de la app.',
  updateReload: 'Actualizar',
  offlineReady: 'La app está lista para funcionar sin conexión.',
  dismiss: 'Descartar',
  close: 'Cerrar',
  regularPrice: 'Precio normal',
  offerPrice: 'Precio de oferta',
  notifications: 'Notificaciones',
  pageError: 'Esta pantalla no pudo cargar. Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Reintentar',
  quickLinks: 'Accesos rápidos',
};

const catalogues: Readonly<Record<Lang, Readonly<Record<keyof typeof en, string>>>> = { en, es };

/** Labels added by screens loaded later (member-messages.ts), so they stay out of the first bundle. */
const added: Record<Lang, Record<string, string>> = { en: {}, es: {} };

export function addUiMessages(
  more: Readonly<Record<Lang, Readonly<Record<string, string>>>>,
): void {
  Object.assign(added.en, more.en);
  Object.assign(added.es, more.es);
}

export function isUiKey(value: string): value is UiKey {
  return Object.hasOwn(en, value) || Object.hasOwn(added.en, value);
}

export function translateUi(key: UiKey, lang: Lang): string {
  return Object.hasOwn(en, key)
    ? catalogues[lang][key as keyof typeof en]
    : (added[lang][key] ?? added.en[key] ?? key);
}
