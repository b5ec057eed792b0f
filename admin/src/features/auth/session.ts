import { queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { getAdminToken, subscribeAdminToken } from "../../lib/admin-token";
import { adminFetch } from "../../lib/api";

export interface AdminMe {
  username: string;
  email: string | null;
  profile_image: string | null;
  use_night_mode: boolean;
  role: "ADMIN";
  created_at: string;
}

export const adminKeys = { me: ["admin", "me"] as const };

export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.me,
    queryFn: () => adminFetch<AdminMe>("/api/admin/private/auth/me"),
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
