// Agora's service worker (scope /, docs/decisions/139): shows Web Push notifications, opens their
// page on click, and keeps the app shell so a page that cannot load shows the offline page.
// The offline page is kept by its served address: the assets answer "/offline.html" with a
// redirect to "/offline", and a redirected answer cannot stand in for a page.
const SHELL = "agora-shell-v1";
const SHELL_FILES = ["/offline", "/offline.js", "/icons/icon-192.png", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Pages come from the network as always; when it cannot be reached, the offline page. Other
// requests (scripts, the API) are left to the browser: no respondWith, no cache in their way.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate") return;
  event.respondWith(fetch(request).catch(() => caches.match("/offline")));
});

// A push's payload is {title, body, url, tag} (worker/src/features/push/away.ts). One tag per chat
// thread: a new message replaces the thread's notification and alerts again.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Agora", {
      body: data.body || "",
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: data.url || "/" },
    }),
  );
});

// A click focuses a tab already on that page, or one of Agora's tabs (sent there), or opens one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const same = tabs.find((tab) => tab.url === url);
      if (same) return same.focus();
      const any = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (any) return any.focus().then((tab) => tab.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
