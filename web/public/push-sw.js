/* global self */
// The service worker's push part (docs/architecture/push.md#the-service-worker), loaded by the
// generated worker through Workbox's importScripts. A push carries the JSON the functions render
// (functions/src/push/render.ts): title, body, the path a tap opens, the event id as the tag (a
// repeat replaces instead of adding) and actions. A tap (or "Book") opens that path in the app's
// window, or a new one.
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === 'string' ? payload.title : '';
  if (title === '') return;
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.id === 'string' ? payload.id : undefined,
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      data: { url },
      actions: Array.isArray(payload.actions) ? payload.actions.slice(0, 2) : [],
    }),
  );
});

/** Opens a notification's path in the app's window (or a new one): what a tap does. */
self.openPushTarget = (notification) => {
  notification.close();
  const path = notification.data && notification.data.url;
  const target = new URL(typeof path === 'string' ? path : '/', self.location.origin).href;
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url.startsWith(self.location.origin));
    if (!open) return self.clients.openWindow(target);
    return open.navigate(target).then((client) => (client ?? open).focus().catch(() => client));
  });
};

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(self.openPushTarget(event.notification));
});
