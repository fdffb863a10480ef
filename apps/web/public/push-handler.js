// Web push (issue 17), imported by the service worker that vite-plugin-pwa generates
// (workbox.importScripts in vite.config.ts): the generated worker keeps the update prompt and
// the precache of spec 000 §4 as they are; this file only adds the two push events.

// A push from our server: { title, body, url, tag } (apps/server notifications.service.ts).
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Agendo', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'es',
      data: { url: data.url || '/' },
    }),
  );
});

// A tap opens the related screen: in an open Agendo window if there is one, else a new one.
// Only our own origin is ever opened.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(event.notification.data?.url || '/', self.location.origin);
  const url = wanted.origin === self.location.origin ? wanted.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin && 'focus' in w);
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(url) : undefined));
      return self.clients.openWindow(url);
    }),
  );
});
