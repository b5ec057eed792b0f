import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreference, NotificationPreferenceList } from "#shared/schemas/push.ts";
import { api } from "#web/lib/api.ts";

// How events reach the person while away (Settings → Notifications): per-kind push and e-mail,
// and this browser's push subscription.

const pushKeys = {
  root: ["push"] as const,
  preferences: () => [...pushKeys.root, "preferences"] as const,
};

const PREFERENCE = "/api/v1/private/user/notification/preference";

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.preferences(),
    queryFn: () => api.get(PREFERENCE),
  });

/** Why push could not be turned on in this browser. */
export type PushRefusal = "unsupported" | "denied";

export class PushUnavailable extends Error {
  constructor(readonly reason: PushRefusal) {
    super(reason);
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Makes sure this browser is subscribed: asks for permission (only now, when the person turned push
 * on), subscribes with the server's key and keeps the subscription on the server.
 */
async function subscribeThisBrowser(): Promise<void> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    throw new PushUnavailable("unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushUnavailable("denied");
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { public_key } = await api.get("/api/v1/push/public-key");
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    });
  }
  const { endpoint, keys } = subscription.toJSON();
  // A browser's subscription always has both; without them there is nothing to send to.
  if (!endpoint || !keys?.auth || !keys.p256dh) throw new PushUnavailable("unsupported");
  await api.post("/api/v1/private/user/push/subscription", {
    body: { endpoint, keys: { auth: keys.auth, p256dh: keys.p256dh } },
  });
}

export function useUpdatePreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: NotificationPreference["kind"]; push?: boolean; email?: boolean }) => {
      if (input.push === true) await subscribeThisBrowser();
      return api.patch(PREFERENCE, { body: input });
    },
    onSuccess: (saved) => {
      client.setQueryData<NotificationPreferenceList>(pushKeys.preferences(), (old) =>
        old ? { ...old, list: old.list.map((p) => (p.kind === saved.kind ? saved : p)) } : old,
      );
    },
  });
}

/** `PUT .../notification/language`: the language pushes and the e-mail of what was missed use. */
export function useAwayLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: NotificationPreferenceList["language"]) =>
      api.put("/api/v1/private/user/notification/language", {
        body: { language },
      }),
    onSuccess: ({ language }) => {
      client.setQueryData<NotificationPreferenceList>(pushKeys.preferences(), (old) =>
        old ? { ...old, language } : old,
      );
    },
  });
}
