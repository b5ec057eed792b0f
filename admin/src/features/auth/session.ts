import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import {
  clearAdminToken,
  getAdminToken,
  setAdminToken,
  subscribeAdminToken,
} from "#admin/lib/admin-token.ts";
import { adminApi } from "#admin/lib/api.ts";
import type { Admin } from "#shared/schemas/accounts.ts";

export type AdminMe = Admin;

/** Every admin query key starts with "admin"; the signed-in admin is `adminKeys.me()`. */
export const adminKeys = {
  root: ["admin"] as const,
  me: () => [...adminKeys.root, "me"] as const,
};

const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: () => adminApi.get("/api/admin/private/auth/me"),
    staleTime: 60_000,
  });

export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribeAdminToken, getAdminToken, () => null);
}

export function useAdminMe() {
  const token = useAdminToken();
  const query = useQuery({ ...adminMeQueryOptions(), enabled: Boolean(token) });
  return { admin: token ? (query.data ?? null) : null, isSignedIn: Boolean(token) };
}

/** Keeps the admin token in `admin_access_token` and starts from a clean cache. */
export function adminSignIn(queryClient: QueryClient, token: string): void {
  queryClient.clear();
  setAdminToken(token);
}

// A notice for the login page after the session ends on purpose (a password change).
const NOTICE_KEY = "agora.admin.notice";

export function adminSignOut(queryClient: QueryClient, notice?: string): void {
  if (notice) sessionStorage.setItem(NOTICE_KEY, notice);
  clearAdminToken();
  queryClient.clear();
}

/** The notice left by adminSignOut, read once. */
export function takeAdminNotice(): string | null {
  const notice = sessionStorage.getItem(NOTICE_KEY);
  sessionStorage.removeItem(NOTICE_KEY);
  return notice;
}
