// The service worker: shows a turn notification pushed by the server, opens its table on click.
self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : '' }; }
  const title = data.title || 'Senet';
  const url = data.link || data.url || '/';
  event.waitUntil(self.registration.showNotification(title, { body: data.body || '', data: { url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(self.clients.openWindow(url));
});
