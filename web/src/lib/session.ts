import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { Me, UnreadData } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { clearToken, getToken, setToken, subscribeToken } from "#web/lib/auth-token.ts";
import { openModal } from "#web/modals.tsx";

export const accountKeys = {
  root: ["account"] as const,
  me: () => [...accountKeys.root, "me"] as const,
  unread: () => [...accountKeys.root, "unread"] as const,
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: () => api.get("/api/v1/private/user/auth/me"),
    staleTime: 60_000,
  });

/** How often the counts are asked for when no live socket is open. */
const UNREAD_POLL_MS = 30_000;

const unreadQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.unread(),
    queryFn: () => api.get("/api/v1/private/user/unread/data"),
    refetchInterval: UNREAD_POLL_MS,
  });

/** The token cookie, re-read when the user signs in or out. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** The signed-in user, or null for a visitor. */
export function useMe(): { me: Me | null; isSignedIn: boolean; isLoading: boolean } {
  const token = useToken();
  const query = useQuery({ ...meQueryOptions(), enabled: Boolean(token) });
  return {
    me: token ? (query.data ?? null) : null,
    isSignedIn: Boolean(token),
    isLoading: Boolean(token) && query.isPending,
  };
}

/** The unread counts; `live` (the tab's live socket is open) stops the timed refetch. */
export function useUnread(live = false): UnreadData | null {
  const token = useToken();
  const query = useQuery({
    ...unreadQueryOptions(),
    enabled: Boolean(token),
    refetchInterval: live ? false : UNREAD_POLL_MS,
  });
  return token ? (query.data ?? null) : null;
}

/** Keeps the token in the `access_token` cookie (7 days) and refetches everything as the new viewer. */
export function signIn(queryClient: QueryClient, token: string): void {
  setToken(token);
  void queryClient.invalidateQueries();
}

/** Removes the cookie, goes back to the night theme and forgets every cached answer. */
export function signOut(queryClient: QueryClient): void {
  // The theme chosen on this device stays: signing out is no reason to turn a day screen to night.
  clearToken();
  queryClient.clear();
}

/**
 * For any action that needs an account: true when signed in; otherwise the login
 * dialog opens and the caller stops.
 */
export function requireSignIn(): boolean {
  if (getToken()) return true;
  openModal("LOGIN");
  return false;
}
