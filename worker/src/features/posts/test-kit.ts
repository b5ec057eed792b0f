import { expect } from "vitest";
import type { CreatedPost } from "#shared/schemas/posts.ts";
import { api, createUser, env, form, json } from "#worker-test/helpers.ts";

// Helpers for the posts and communities tests: people, communities and posts made through the API.

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** A real 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
/** The start of an MP4 file: an ftyp box of brand isom, then padding. */
export const MP4_BYTES = new Uint8Array([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d,
  0x70, 0x34, 0x31, 0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65,
]);

export const pngFile = (name = "photo.png") => new File([PNG_BYTES], name, { type: "image/png" });
export const mp4File = (name = "clip.mp4") => new File([MP4_BYTES], name, { type: "video/mp4" });
/** Bigger than 1 MB, starting like a PNG. */
export const bigPng = () => {
  const bytes = new Uint8Array(1024 * 1024 + 1);
  bytes.set(PNG_BYTES);
  return new File([bytes], "big.png", { type: "image/png" });
};

let seq = 0;
export function uniqueName(prefix = "c"): string {
  seq += 1;
  return `${prefix}${seq}${Math.floor(Math.random() * 1e6)}`.slice(0, 25);
}

export async function newCommunity(owner: TestUser, name = uniqueName()): Promise<string> {
  const res = await api("/api/v1/private/user/community", {
    method: "POST",
    headers: owner.auth,
    body: form({ name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return name;
}

export async function newPost(
  owner: TestUser,
  community: string,
  fields: Record<string, string | Blob> = {},
): Promise<CreatedPost> {
  const res = await api("/api/v1/private/user/micropost", {
    method: "POST",
    headers: owner.auth,
    body: form({ title: "A title", body: "<p>Some body</p>", community_name: community, ...fields }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<CreatedPost>(res);
}

export function jsonBody(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** D1's cost of an answer, from the development headers. */
export function reads(res: Response) {
  const n = (name: string) => Number(res.headers.get(name));
  return {
    total: n("x-d1-rows-read"),
    returned: n("x-d1-rows-returned"),
    list: n("x-d1-list-rows-read"),
    listReturned: n("x-d1-list-rows-returned"),
  };
}

/**
 * Many published posts straight into D1 (a few statements, not one request each): for tests about
 * ordering and cost at depth. Returns their ids, oldest first.
 */
export async function insertPosts(
  ownerId: number,
  communityName: string,
  count: number,
  options: { startAt?: number; verified?: boolean; votes?: (i: number) => number } = {},
): Promise<number[]> {
  const community = await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
    .bind(communityName)
    .first<{ id: number }>();
  const start = options.startAt ?? Date.now() - count * 1000;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i++) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, is_owner_verified,
           total_votes, published_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, '<p>bulk</p>', 'bulk', ?5, ?6, ?7, ?7, ?7)`,
      ).bind(
        `bulk${ownerId}x${start}x${i}`,
        ownerId,
        community!.id,
        `Bulk ${i}`,
        options.verified ? 1 : 0,
        options.votes?.(i) ?? 0,
        start + i * 1000,
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  await env.DB.batch([
    env.DB.prepare("UPDATE communities SET total_microposts = total_microposts + ?1 WHERE id = ?2").bind(
      count,
      community!.id,
    ),
    env.DB.prepare("UPDATE users SET total_microposts = total_microposts + ?1 WHERE id = ?2").bind(
      count,
      ownerId,
    ),
  ]);
  const rows = await env.DB.prepare("SELECT id FROM microposts WHERE public_id LIKE ?1 ORDER BY published_at")
    .bind(`bulk${ownerId}x${start}x%`)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

export { api, createUser, env, form, json };
