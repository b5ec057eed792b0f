import { publicId, slugify } from "#worker/lib/ids.ts";
import { env } from "#worker-test/helpers.ts";

// Rows written straight into D1 for the people and search tests, so they do not depend on the
// posting API (another feature's). Only tests import this file.

let seq = 0;

export async function insertCommunity(
  name: string,
  fields: { displayName?: string; description?: string } = {},
) {
  const row = await env.DB.prepare(
    "INSERT INTO communities (name, display_name, description, created_at) VALUES (?1, ?2, ?3, ?4) RETURNING id",
  )
    .bind(name, fields.displayName ?? null, fields.description ?? null, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, name };
}

export async function insertPost(
  ownerId: number,
  communityId: number,
  title: string,
  body = "<p>text</p>",
  fields: { draft?: boolean; votes?: number; publishedAt?: number } = {},
) {
  seq += 1;
  const at = fields.publishedAt ?? Date.now() + seq;
  const pid = publicId();
  const row = await env.DB.prepare(
    `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, is_draft, total_votes, published_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10) RETURNING id`,
  )
    .bind(
      pid,
      ownerId,
      communityId,
      title,
      body,
      slugify(title),
      fields.draft ? 1 : 0,
      fields.votes ?? 0,
      fields.draft ? null : at,
      at,
    )
    .first<{ id: number }>();
  return { id: row!.id, publicId: pid };
}

export async function insertComment(ownerId: number, micropostId: number, body: string) {
  seq += 1;
  const pid = publicId();
  const row = await env.DB.prepare(
    `INSERT INTO comments (public_id, micropost_id, owner_id, body, depth, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 0, ?5, ?5) RETURNING id`,
  )
    .bind(pid, micropostId, ownerId, body, Date.now() + seq)
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE comments SET root_id = id WHERE id = ?1").bind(row!.id).run();
  return { id: row!.id, publicId: pid };
}
