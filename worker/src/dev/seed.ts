import { base32 } from "@scure/base";
import { count, eq } from "drizzle-orm";
import { PLAN_PRICE_BUSINESS_USD, PLAN_PRICE_USER_USD } from "#shared/constants.ts";
import {
  admins,
  blogPosts,
  comments,
  communities,
  communityMembers,
  featuredItems,
  follows,
  membershipPlans,
  microposts,
  micropostVotes,
  users,
} from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { enrollKnownTotp } from "#worker/features/two-factor/service.ts";
import { publicId, slugify } from "#worker/lib/ids.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { DAY, HOUR } from "#worker/lib/time.ts";
import { seedChat } from "../features/chat/seed";
import { seedJobsDemo } from "../features/jobs/seed";
import { seedNotifications } from "../features/notifications/seed";
import { seedPostsDemo } from "../features/posts/seed";
import { seedAdminDemo } from "./admin-seed";
import {
  DEMO_BLOG,
  DEMO_COMMUNITIES,
  DEMO_FEATURED,
  DEMO_POSTS,
  DEMO_USERS,
  PLAN_FEATURES,
} from "./demo-data";
import { illustration, landscape } from "./illustrations";
import { seedServicesDemo } from "./services-seed";

/** A square SVG with a letter on a colour: demo images that need no network. */
function letterImage(letter: string, hue: number, wide = false): string {
  const [w, h] = wide ? [640, 320] : [256, 256];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,35%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${h * 0.45}" font-weight="700" fill="#fff">${letter.toUpperCase()}</text></svg>`;
}

async function putImage(env: Bindings, key: string, svg: string): Promise<string> {
  await env.MEDIA.put(key, svg, { httpMetadata: { contentType: "image/svg+xml" } });
  return `/media/${key}`;
}

/** Seeds demo data once: does nothing when any user exists. Returns whether it wrote. */
export async function seedDemoData(deps: Deps): Promise<boolean> {
  const { db, env } = deps;
  const existing = await db.orm.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return false;

  const now = Date.now();
  await seedAdmin(deps, env.ADMIN_PASSWORD ?? "agora-admin");

  // One hash for every demo user: they all use the password "password".
  const passwordHash = await hashPassword("password");
  // One row a statement: D1 allows 100 bound values per statement.
  const userRows: Array<{ id: number; username: string }> = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const row = await db.orm
      .insert(users)
      .values({
        username: u.username,
        email: `${u.username}@agora.example`,
        passwordHash,
        status: "ACTIVE",
        // The demo addresses count as proven, as if each person had entered their code.
        emailVerifiedAt: now,
        profileName: u.name,
        isStaff: u.staff ?? false,
        isVerifiedUser: u.verified ?? false,
        isVerifiedBusiness: u.business ?? false,
        // People joined over the weeks before the communities started.
        createdAt: now - (60 - i * 2) * DAY,
      })
      .returning({ id: users.id, username: users.username })
      .get();
    userRows.push(row);
  }
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  for (const [i, u] of DEMO_USERS.entries()) {
    const image = await putImage(
      env,
      `seed/user-${u.username}.svg`,
      letterImage(u.username[0]!, (i * 47) % 360),
    );
    const cover = await putImage(env, `seed/cover-${u.username}.svg`, landscape(i + 29, i));
    await db.orm
      .update(users)
      .set({ profileImage: image, profileCover: cover })
      .where(eq(users.id, userId.get(u.username)!));
  }

  const communityId = new Map<string, number>();
  for (const [i, c] of DEMO_COMMUNITIES.entries()) {
    const image = await putImage(
      env,
      `seed/community-${c.name}.svg`,
      letterImage(c.name[0]!, (i * 67 + 20) % 360),
    );
    const row = await db.orm
      .insert(communities)
      .values({
        name: c.name,
        displayName: c.displayName,
        description: c.description,
        image,
        isVerified: c.verified ?? false,
        ownerId: userId.get(c.owner)!,
        totalMembers: c.members.length,
        createdAt: now - (30 - i) * DAY,
      })
      .returning({ id: communities.id })
      .get();
    communityId.set(c.name, row.id);
    // The owner joined when the community started; the others over the days after, not all at once.
    const startedAt = now - (30 - i) * DAY;
    const others = c.members.filter((m) => m !== c.owner);
    await db.orm.insert(communityMembers).values(
      c.members.map((m) => ({
        communityId: row.id,
        userId: userId.get(m)!,
        role: m === c.owner ? ("OWNER" as const) : ("MEMBER" as const),
        createdAt:
          m === c.owner
            ? startedAt
            : startedAt + Math.round(((others.indexOf(m) + 1) / (others.length + 1)) * (25 - i) * DAY),
      })),
    );
  }

  const verified = new Set(
    DEMO_USERS.filter((u) => u.verified || u.business || u.staff).map((u) => u.username),
  );
  for (const [i, p] of DEMO_POSTS.entries()) {
    const publishedAt = now - (DEMO_POSTS.length - i) * 3 * HOUR;
    const post = await db.orm
      .insert(microposts)
      .values({
        publicId: publicId(),
        ownerId: userId.get(p.owner)!,
        communityId: communityId.get(p.community)!,
        title: p.title,
        body: p.body,
        slug: slugify(p.title),
        isOwnerVerified: verified.has(p.owner),
        isPinned: p.pinned ?? false,
        totalVotes: p.voters.length,
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })
      .returning({ id: microposts.id })
      .get();
    if (p.voters.length) {
      await db.orm
        .insert(micropostVotes)
        .values(p.voters.map((v) => ({ micropostId: post.id, userId: userId.get(v)! })));
    }
    let total = 0;
    for (const thread of p.comments) {
      total += await insertCommentTree(deps, post.id, null, null, 0, thread, userId, publishedAt);
    }
    await db.write([
      db.prepare({ sql: "UPDATE microposts SET total_comments = ?1 WHERE id = ?2", binds: [total, post.id] }),
      db.prepare({
        sql: "UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1",
        binds: [communityId.get(p.community)!],
      }),
      db.prepare({
        sql: "UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1",
        binds: [userId.get(p.owner)!],
      }),
    ]);
  }

  // A follow graph: everyone follows the first two people, and they follow each other back.
  const pairs: Array<[string, string]> = [];
  for (const u of DEMO_USERS.slice(1)) pairs.push([u.username, DEMO_USERS[0]!.username]);
  for (const u of DEMO_USERS.slice(2)) pairs.push([u.username, DEMO_USERS[1]!.username]);
  pairs.push([DEMO_USERS[0]!.username, DEMO_USERS[1]!.username]);
  await db.orm
    .insert(follows)
    .values(pairs.map(([a, b]) => ({ followerId: userId.get(a)!, followeeId: userId.get(b)! })));
  await db.write([
    db.prepare({
      sql: `UPDATE users SET
              total_followers = (SELECT count(*) FROM follows WHERE followee_id = users.id),
              total_following = (SELECT count(*) FROM follows WHERE follower_id = users.id)`,
    }),
  ]);

  for (const [i, f] of DEMO_FEATURED.entries()) {
    const image = await putImage(env, `seed/featured-${i}.svg`, illustration(f.art, i + 11, i + 1));
    const { art: _art, ...card } = f;
    await db.orm.insert(featuredItems).values({ ...card, image, position: i });
  }

  await db.orm.insert(membershipPlans).values([
    {
      membershipType: "USER",
      name: "User",
      priceCents: PLAN_PRICE_USER_USD * 100,
      features: JSON.stringify(PLAN_FEATURES.USER),
      position: 0,
    },
    {
      membershipType: "BUSINESS",
      name: "Business",
      priceCents: PLAN_PRICE_BUSINESS_USD * 100,
      features: JSON.stringify(PLAN_FEATURES.BUSINESS),
      position: 1,
    },
  ]);

  for (const [i, b] of DEMO_BLOG.entries()) {
    const cover = await putImage(env, `seed/blog-${i}.svg`, illustration(b.art, i + 3, i + 2));
    const { art: _art, ...post } = b;
    await db.orm.insert(blogPosts).values({
      ...post,
      slug: slugify(b.title),
      cover,
      publishedAt: now - (DEMO_BLOG.length - i) * 48 * HOUR,
    });
  }
  await seedChat(deps, userId);
  await seedPostsDemo(env);
  await seedNotifications(env);
  await seedJobsDemo(deps);
  await seedServicesDemo(deps);
  await seedAdminDemo(deps);
  await seedFeedDemo(deps);
  return true;
}

/** The public id of the demo's custom feed (e2e/routes.ts walks /feeds/{it}). */
const DEMO_FEED = "demomix";

/** Bruno's public feed of c/webdev, c/photography and carmen's posts (docs/decisions/149). */
async function seedFeedDemo({ db }: Deps): Promise<void> {
  const now = Date.now();
  await db.write([
    db.prepare({
      sql: `INSERT INTO custom_feeds (public_id, owner_id, name, description, is_public, created_at, updated_at)
        SELECT ?1, id, 'Web and pictures', 'Building the web, and pictures to look at', 1, ?2, ?2 FROM users WHERE username = 'bruno'`,
      binds: [DEMO_FEED, now],
    }),
    db.prepare({
      sql: `INSERT INTO custom_feed_communities (feed_id, community_id)
        SELECT f.id, c.id FROM custom_feeds f, communities c WHERE f.public_id = ?1 AND c.name IN ('webdev', 'photography')`,
      binds: [DEMO_FEED],
    }),
    db.prepare({
      sql: `INSERT INTO custom_feed_people (feed_id, user_id)
        SELECT f.id, u.id FROM custom_feeds f, users u WHERE f.public_id = ?1 AND u.username = 'carmen'`,
      binds: [DEMO_FEED],
    }),
  ]);
}

/**
 * The development staff account's authenticator key (base32), public on purpose: staff must have a
 * second factor, and local runs and journeys make its codes from this (README, the admin site's row).
 */
const DEV_ADMIN_TOTP_KEY = "AGORADEVADMINTOTPKEYONLYFORLOCAL";

async function seedAdmin(deps: Deps, password: string): Promise<void> {
  const { db } = deps;
  await db.orm
    .insert(admins)
    .values({ username: "admin", email: "admin@agora.example", passwordHash: await hashPassword(password) })
    .onConflictDoNothing();
  const row = await db.orm.select({ id: admins.id }).from(admins).where(eq(admins.username, "admin")).get();
  if (row) await enrollKnownTotp(deps, { kind: "admin", id: row.id }, base32.decode(DEV_ADMIN_TOTP_KEY));
}

interface CommentSeed {
  by: string;
  text: string;
  replies?: CommentSeed[];
}

async function insertCommentTree(
  deps: Deps,
  micropostId: number,
  parentId: number | null,
  rootId: number | null,
  depth: number,
  node: CommentSeed,
  userId: Map<string, number>,
  after: number,
): Promise<number> {
  const { db } = deps;
  const at = after + (depth + 1) * 7 * 60 * 1000;
  const row = await db.orm
    .insert(comments)
    .values({
      publicId: publicId(),
      micropostId,
      parentId,
      rootId,
      ownerId: userId.get(node.by)!,
      body: `<p>${node.text}</p>`,
      depth,
      totalReplies: node.replies?.length ?? 0,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: comments.id })
    .get();
  const root = rootId ?? row.id;
  if (rootId === null) await db.orm.update(comments).set({ rootId: row.id }).where(eq(comments.id, row.id));
  let total = 1;
  for (const reply of node.replies ?? []) {
    total += await insertCommentTree(deps, micropostId, row.id, root, depth + 1, reply, userId, at);
  }
  return total;
}

export type { CommentSeed };
