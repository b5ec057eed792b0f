import type { Notification } from "#shared/schemas/notifications.ts";
import { api, json } from "./api";

/**
 * The person's notifications as their list answers them, newest first: since the notices of
 * social writes live in each person's inbox object (docs/decisions/210), tests read them as the
 * person does, not from D1.
 */
export async function noticesOf(user: { auth: Record<string, string> }): Promise<Notification[]> {
  const res = await api("/api/v1/private/user/notification/list?limit=100", { headers: user.auth });
  return (await json<{ list: Notification[] }>(res)).list;
}
