import type { MessageKeyOf } from './define-messages';
import { defineMessages } from './define-messages';

/**
 * Labels of the web shell's own controls, which any screen may use through `useT()`; product
 * texts are in the `@studio/core` catalogue, and each feature declares its own labels.
 */
export const shellMessages = defineMessages({
  en: {
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
  },
  es: {
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
  },
});

export type ShellKey = MessageKeyOf<typeof shellMessages>;
