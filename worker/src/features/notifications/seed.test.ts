import { describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import { api, deps, json } from "#worker-test/api.ts";
import { seedDemoData } from "../../dev/seed";

describe("the demo notifications", () => {
  it("tell each demo person about their followers, comments and replies, the newest three unread", async () => {
    expect(await seedDemoData(deps)).toBe(true);
    const login = await api("/api/v1/user/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "alice", password: "password" }),
    });
    const { access_token: token } = await json<{ access_token: string }>(login);
    const auth = { authorization: `Bearer ${token}` };
    const page = await json<Page<Notification>>(
      await api("/api/v1/private/user/notification/list?limit=100", { headers: auth }),
    );
    const kinds = new Set(page.list.map((n) => n.kind));
    expect(kinds).toEqual(new Set(["FOLLOWER", "COMMENT", "REPLY"]));
    expect(page.list.every((n) => n.actor && n.actor.username !== "alice")).toBe(true);
    expect(page.list.filter((n) => !n.is_read)).toHaveLength(3);
    const comment = page.list.find((n) => n.kind === "COMMENT")!;
    expect(comment.link).toMatch(/^\/c\/\w+\/p\/\w+\/[\w-]+\?comment=\w+$/);
    expect(comment.text).not.toMatch(/<p>/);
    const unread = await json<{ unread_notifications: number }>(
      await api("/api/v1/private/user/unread/data", { headers: auth }),
    );
    expect(unread.unread_notifications).toBe(3);
  });
});
