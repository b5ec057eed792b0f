import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { createBlog } from "../features/admin/blog/service";
import { createTemplate } from "../features/admin/email-templates/service";
import { storeAdminFile } from "../features/admin/files/service";
import { resolveReportGroup } from "../features/admin/reports/service";
import { fileReport } from "../features/reports/targets";

// Demo data for the admin website, on top of the main demo (people, posts, published blog posts):
// feedback, an open and a resolved reports group, unpublished blog drafts, a locked and an
// unlocked e-mail template, and two uploaded files. Written through the admin services, so the
// audit log has its first rows too.

const WELCOME_MJML = `<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section><mj-column>
      <mj-text font-size="22px" font-weight="700">Welcome to Agora</mj-text>
      <mj-text>Join a community, write your first post, and say hello in c/agora.</mj-text>
      <mj-button href="http://localhost:8787/">Open Agora</mj-button>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;

const NEWSLETTER_MJML = `<mjml>
  <mj-body>
    <mj-section><mj-column>
      <mj-text font-size="20px" font-weight="700">What is new this month</mj-text>
      <mj-text>Jobs and services, a faster feed, and a new look for chat.</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;

function badge(letter: string, hue: number): Uint8Array {
  return new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="hsl(${hue},65%,50%)"/><text x="50%" y="56%" text-anchor="middle" font-family="system-ui" font-size="120" fill="#fff">${letter}</text></svg>`,
  );
}

export async function seedAdminDemo(deps: Deps): Promise<void> {
  const { db } = deps;
  const adminRow = await db.first<{ id: number; username: string }>({
    sql: "SELECT id, username FROM admins WHERE username = 'admin'",
  });
  if (!adminRow) return;
  const admin: AuthAdmin = adminRow;
  const people = await db.all<{ id: number; username: string }>({
    sql: "SELECT id, username FROM users WHERE username IN ('carmen', 'farah', 'gus', 'hana', 'dev')",
  });
  const id = (username: string) => people.find((p) => p.username === username)?.id ?? null;

  const now = Date.now();
  const feedback: Array<[string, string, string]> = [
    ["carmen", "FEATURE_REQUEST", "Could communities have a pinned rules post that new members see first?"],
    ["gus", "ERROR", "The chat badge kept showing 1 unread after I had read every thread on my phone."],
    ["hana", "SUGGESTION", "A dark theme for the admin e-mails would match the rest of the site nicely."],
  ];
  for (const [i, [username, type, text]] of feedback.entries()) {
    const userId = id(username);
    if (userId === null) continue;
    await db.write([
      db.prepare({
        sql: "INSERT INTO feedbacks (user_id, feedback_type, text, created_at) VALUES (?1, ?2, ?3, ?4)",
        binds: [userId, type, text, now - (i + 1) * 3_600_000],
      }),
    ]);
  }

  const post = await db.first<{ public_id: string; slug: string; owner: string; community: string }>({
    sql: `SELECT m.public_id, m.slug, u.username AS owner, c.name AS community
          FROM microposts m JOIN users u ON u.id = m.owner_id JOIN communities c ON c.id = m.community_id
          ORDER BY m.id DESC LIMIT 1`,
  });
  const ownerId = post
    ? ((
        await db.first<{ id: number }>({
          sql: "SELECT id FROM users WHERE username = ?1",
          binds: [post.owner],
        })
      )?.id ?? null)
    : null;
  const [carmen, farah, gus, hana] = [id("carmen"), id("farah"), id("gus"), id("hana")];
  if (post && carmen !== null && farah !== null) {
    const link = `/c/${post.community}/p/${post.public_id}/${post.slug}`;
    await fileReport(deps, {
      reporterId: carmen,
      reportedUserId: ownerId,
      cause: "MISINFORMATION",
      text: "The numbers in this post are made up; the linked source says the opposite.",
      link,
    });
    await fileReport(deps, {
      reporterId: farah,
      reportedUserId: ownerId,
      cause: "SPAM",
      text: "Same text was posted in three communities within a minute, looks automated.",
      link,
    });
  }
  if (gus !== null && hana !== null) {
    const { id: reportId } = await fileReport(deps, {
      reporterId: hana,
      reportedUserId: gus,
      cause: "HARASSMENT",
      text: "Keeps sending me chat messages after I asked him to stop, twice now.",
      link: null,
    });
    const group = await db.first<{ group_id: number }>({
      sql: "SELECT group_id FROM reports WHERE id = ?1",
      binds: [reportId],
    });
    if (group) {
      await resolveReportGroup(deps, admin, {
        id: group.group_id,
        action: "DISMISS",
        note: "Talked to both; a misunderstanding about a job offer.",
      });
    }
  }

  await createBlog(deps, admin, {
    title: "Coming soon: services marketplace",
    category: "ANNOUNCEMENT",
    body: "<p>Soon anyone with the service-provider setting on can offer services and get paid on Agora.</p>",
  });
  await createBlog(deps, admin, {
    title: "Draft: moderation guide for community owners",
    category: "GUIDE",
    body: "<h2>Before you need them</h2><p>Write your rules down early and pin them.</p>",
  });

  await createTemplate(deps, admin, {
    subject: "Welcome to Agora",
    mjml_text: WELCOME_MJML,
    is_locked: true,
  });
  await createTemplate(deps, admin, {
    subject: "This month on Agora",
    mjml_text: NEWSLETTER_MJML,
    is_locked: false,
  });

  for (const [letter, hue] of [
    ["A", 210],
    ["N", 20],
  ] as const) {
    await storeAdminFile(deps, admin, {
      bytes: badge(letter, hue),
      contentType: "image/svg+xml",
      extension: "svg",
    });
  }
}
