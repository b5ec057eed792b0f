import { describe, expect, it } from "vitest";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { sniffMedia } from "#worker/lib/media.ts";
import { api, deps, env, json } from "#worker-test/api.ts";
import { seedDemoData } from "../../dev/seed";

describe("the demo data", () => {
  it("has posts of both kinds with real pictures, and every counter agrees with its rows", async () => {
    expect(await seedDemoData(deps)).toBe(true);
    const counts = await env.DB.prepare(
      `SELECT
         (SELECT value FROM site_counters WHERE key = 'published_microposts') AS published_counter,
         (SELECT count(*) FROM microposts WHERE is_draft = 0) AS published,
         (SELECT value FROM site_counters WHERE key = 'verified_microposts') AS verified_counter,
         (SELECT count(*) FROM microposts WHERE is_draft = 0 AND is_owner_verified = 1) AS verified,
         (SELECT value FROM site_counters WHERE key = 'communities') AS communities_counter,
         (SELECT count(*) FROM communities) AS communities,
         (SELECT count(*) FROM microposts m WHERE total_top_comments !=
            (SELECT count(*) FROM comments c WHERE c.micropost_id = m.id AND c.depth = 0)) AS bad_top,
         (SELECT count(*) FROM microposts m WHERE total_comments !=
            (SELECT count(*) FROM comments c WHERE c.micropost_id = m.id AND c.is_deleted = 0)) AS bad_comments,
         (SELECT count(*) FROM microposts m WHERE total_votes !=
            (SELECT count(*) FROM micropost_votes v WHERE v.micropost_id = m.id)) AS bad_votes,
         (SELECT count(*) FROM communities c WHERE total_members !=
            (SELECT count(*) FROM community_members cm WHERE cm.community_id = c.id)) AS bad_members,
         (SELECT count(*) FROM communities c WHERE total_microposts !=
            (SELECT count(*) FROM microposts m WHERE m.community_id = c.id AND m.is_draft = 0)) AS bad_posts`,
    ).first<Record<string, number>>();
    expect(counts).toMatchObject({
      published_counter: counts!.published,
      verified_counter: counts!.verified,
      communities_counter: counts!.communities,
      bad_top: 0,
      bad_comments: 0,
      bad_votes: 0,
      bad_members: 0,
      bad_posts: 0,
    });

    const feed = await json<CursorPage<FeedItem>>(await api("/api/v1/feed?option=new&limit=50"));
    const media = feed.list.filter((i) => i.micropost.post_type === "MEDIA");
    expect(media.length).toBeGreaterThanOrEqual(2);
    expect(feed.list.some((i) => i.micropost.post_type === "TEXT")).toBe(true);
    const picture = await api(media[0]!.micropost.user_file_list[0]!.file);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(sniffMedia(new Uint8Array(await picture.arrayBuffer()))?.contentType).toBe("image/png");
  });
});
