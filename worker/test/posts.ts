import { expect } from "vitest";
import type { CreatedPost } from "#shared/schemas/posts.ts";
import { api, form, json } from "./api";
import type { TestUser } from "./people";

// Communities and posts made through the API, and the media files they carry.

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

/**
 * The most rows D1 counts for each post of a page beyond the page's own index range: the lookups
 * read in the same statement (owner, community, files, newest comment, flair, reactions, and the
 * viewer's membership, vote and bookmark), each from the page's keys as JSON (docs/decisions/234).
 */
export const LOOKUP_ROWS_PER_POST = 16;

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

/**
 * A post reported once and removed by staff through the report queue, as the admin site does it;
 * answers staff's resolution (its `X-D1-*` figures).
 */
export async function removeByStaff(
  admin: { auth: Record<string, string> },
  post: CreatedPost,
  author: TestUser,
  reporter: TestUser,
): Promise<Response> {
  const reported = await api("/api/v1/private/user/report", {
    method: "POST",
    headers: reporter.auth,
    body: form({
      report_cause: "SPAM",
      text: "This keeps spamming the same shady link over and over.",
      link: `http://localhost${post.link}`,
      reported_username: author.username,
    }),
  });
  expect(reported.status).toBe(201);
  const groups = await json<{ list: Array<{ id: number; target: { micropost?: { public_id: string } } }> }>(
    await api("/api/admin/private/report/list?limit=100", { headers: admin.auth }),
  );
  const group = groups.list.find((g) => g.target.micropost?.public_id === post.public_id);
  expect(group).toBeDefined();
  const removed = await api("/api/admin/private/report", {
    method: "PATCH",
    headers: { ...admin.auth, "content-type": "application/json" },
    body: JSON.stringify({ id: group!.id, action: "REMOVE_CONTENT", note: "Spam." }),
  });
  expect(removed.status).toBe(200);
  return removed;
}
