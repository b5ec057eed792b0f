import { type Page, toPage } from "#shared/api.ts";
import type { ReportCause, UserStatus } from "#shared/enums.ts";
import {
  ADMIN_MSG,
  REPORT_TEXTS_PER_GROUP,
  type ReportAction,
  type ReportGroup,
  type ReportResolve,
  type ReportStatus,
  type ReportTargetType,
} from "#shared/schemas/admin.ts";
import type { ModerationAction, ModerationTarget } from "#shared/schemas/moderation.ts";
import { idList } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { iso } from "#worker/lib/time.ts";
import { trustLevelStatement } from "#worker/lib/trust.ts";
import { decisionCard, findGroupModeration, moderationStatements } from "../../moderation/queries";
import { postLink } from "../../posts/json";
import { auditStatement } from "../audit/service";
import { setStatusStatement } from "../users/service";
import { commentRemoval, postRemoval } from "./removal";

// The reports queue: reports grouped by what they point at (targets.ts), resolved a group at a time.

interface GroupRow {
  id: number;
  target_type: ReportTargetType;
  target_key: string;
  target_id: number | null;
  target_link: string | null;
  reported_user_id: number | null;
  status: ReportStatus;
  total_reports: number;
  action: ReportAction | null;
  note: string | null;
  resolved_by_username: string | null;
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

const GROUP_COLUMNS = `id, target_type, target_key, target_id, target_link, reported_user_id, status, total_reports,
  action, note, resolved_by_username, resolved_at, created_at, updated_at`;

/** What the list needs beside the groups, read in one round trip for the whole page. */
async function describeGroups({ db }: Deps, groups: GroupRow[]): Promise<ReportGroup[]> {
  if (!groups.length) return [];
  const ids = idList(groups.map((g) => g.id));
  const ofType = (type: ReportTargetType) =>
    idList(groups.filter((g) => g.target_type === type && g.target_id !== null).map((g) => g.target_id!));
  const people = idList(groups.filter((g) => g.reported_user_id !== null).map((g) => g.reported_user_id!));
  const [causes, texts, posts, comments, users] = await db.batch<
    [
      { group_id: number; report_cause: ReportCause; n: number },
      {
        group_id: number;
        report_cause: ReportCause;
        text: string;
        created_at: number;
        username: string | null;
      },
      { id: number; public_id: string; title: string; slug: string; community: string },
      {
        id: number;
        public_id: string;
        body: string;
        post_public_id: string;
        slug: string;
        community: string;
      },
      {
        id: number;
        username: string;
        email: string;
        profile_image: string | null;
        status: UserStatus;
        deleted_at: number | null;
      },
    ]
  >([
    {
      sql: `SELECT group_id, report_cause, count(*) AS n FROM reports WHERE group_id IN (${ids})
            GROUP BY group_id, report_cause ORDER BY n DESC, report_cause`,
    },
    {
      sql: `SELECT r.group_id, r.report_cause, r.text, r.created_at, u.username
            FROM (SELECT *, row_number() OVER (PARTITION BY group_id ORDER BY id DESC) AS n
                  FROM reports WHERE group_id IN (${ids})) r
            LEFT JOIN users u ON u.id = r.reporter_id
            WHERE r.n <= ${REPORT_TEXTS_PER_GROUP} ORDER BY r.group_id, r.id DESC`,
    },
    {
      sql: `SELECT m.id, m.public_id, m.title, m.slug, c.name AS community
            FROM microposts m JOIN communities c ON c.id = m.community_id WHERE m.id IN (${ofType("MICROPOST")})`,
    },
    {
      sql: `SELECT k.id, k.public_id, k.body, m.public_id AS post_public_id, m.slug, c.name AS community
            FROM comments k JOIN microposts m ON m.id = k.micropost_id JOIN communities c ON c.id = m.community_id
            WHERE k.id IN (${ofType("COMMENT")}) AND (k.is_deleted = 0 OR k.removed_at IS NOT NULL)`,
    },
    {
      sql: `SELECT id, username, email, profile_image, status, deleted_at FROM users WHERE id IN (${people})`,
    },
  ]);
  return groups.map((g) => {
    const post = g.target_type === "MICROPOST" ? posts.find((p) => p.id === g.target_id) : undefined;
    const comment = g.target_type === "COMMENT" ? comments.find((c) => c.id === g.target_id) : undefined;
    const person = users.find((u) => u.id === g.reported_user_id);
    const exists =
      g.target_type === "MICROPOST"
        ? post !== undefined
        : g.target_type === "COMMENT"
          ? comment !== undefined
          : g.target_type === "USER"
            ? person !== undefined && person.deleted_at === null
            : true;
    const commentPostLink = comment
      ? postLink(comment.community, comment.post_public_id, comment.slug)
      : null;
    return {
      id: g.id,
      status: g.status,
      target: {
        type: g.target_type,
        link: g.target_link,
        exists,
        micropost: post
          ? {
              public_id: post.public_id,
              title: post.title,
              link: postLink(post.community, post.public_id, post.slug),
            }
          : null,
        comment: comment
          ? {
              public_id: comment.public_id,
              text: comment.body
                .replace(/<[^>]*>/g, " ")
                .replace(/\s+/g, " ")
                .trim()
                .slice(0, 300),
              link: `${commentPostLink}?comment=${comment.public_id}`,
            }
          : null,
        user: person
          ? {
              username: person.username,
              email: person.email,
              profile_image: person.profile_image,
              status: person.status,
            }
          : null,
      },
      total_reports: g.total_reports,
      causes: causes
        .filter((c) => c.group_id === g.id)
        .map((c) => ({ report_cause: c.report_cause, total: c.n })),
      texts: texts
        .filter((t) => t.group_id === g.id)
        .map((t) => ({
          report_cause: t.report_cause,
          text: t.text,
          reporter: t.username,
          created_at: iso(t.created_at),
        })),
      created_at: iso(g.created_at),
      updated_at: iso(g.updated_at),
      resolution:
        g.status === "RESOLVED" && g.action && g.resolved_at !== null
          ? {
              action: g.action,
              note: g.note ?? "",
              admin: g.resolved_by_username,
              resolved_at: iso(g.resolved_at),
            }
          : null,
    };
  });
}

/** `GET .../report/list`: OPEN groups by their newest report, RESOLVED ones by their resolution. */
export async function listReportGroups(
  deps: Deps,
  input: { status: ReportStatus; skip: number; limit: number },
): Promise<Page<ReportGroup>> {
  const [rows, total] = await deps.db.batch<[GroupRow, { n: number }]>([
    {
      sql: `SELECT ${GROUP_COLUMNS} FROM report_groups WHERE status = ?1
            ORDER BY updated_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
      binds: [input.status, input.limit, input.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM report_groups WHERE status = ?1", binds: [input.status] },
  ]);
  return toPage(await describeGroups(deps, rows), total[0]?.n ?? 0, input.limit);
}

async function requireGroup({ db }: Deps, id: number): Promise<GroupRow> {
  const row = await db.first<GroupRow>({
    sql: `SELECT ${GROUP_COLUMNS} FROM report_groups WHERE id = ?1`,
    binds: [id],
  });
  if (!row) fail(404, ADMIN_MSG.reportNotFound);
  return row;
}

/**
 * `PATCH .../report`: resolves an OPEN group. DISMISS changes nothing else; REMOVE_CONTENT hides
 * the post or comment (kept for the appeal); SUSPEND_USER suspends the person behind the target
 * (their sessions end). The action, the resolution, the person's moderation notice, their trust
 * level and the audit row are one batch.
 */
export async function resolveReportGroup(
  deps: Deps,
  admin: AuthAdmin,
  input: ReportResolve,
): Promise<ReportGroup> {
  const { db } = deps;
  const group = await requireGroup(deps, input.id);
  if (group.status !== "OPEN") fail(409, ADMIN_MSG.reportResolved);
  const now = Date.now();
  // Holds only in the batch whose resolution took effect (our own integers and an enum value).
  const won = `EXISTS (SELECT 1 FROM report_groups WHERE id = ${group.id} AND status = 'RESOLVED'
    AND resolved_at = ${now} AND resolved_by_id = ${admin.id} AND action = '${input.action}')`;

  let effects: D1PreparedStatement[] = [];
  let moderated: {
    userId: number;
    action: ModerationAction;
    targetType: ModerationTarget;
    targetId: number;
  } | null = null;
  if (input.action === "REMOVE_CONTENT") {
    const removal =
      group.target_type === "MICROPOST" && group.target_id !== null
        ? await postRemoval(deps, group.target_id, won)
        : group.target_type === "COMMENT" && group.target_id !== null
          ? await commentRemoval(deps, group.target_id, won)
          : fail(422, ADMIN_MSG.reportNoContent, { field: "action" });
    if (removal) {
      effects = removal.statements;
      moderated = {
        userId: removal.ownerId,
        action: "REMOVE_CONTENT",
        targetType: group.target_type as ModerationTarget,
        targetId: group.target_id!,
      };
    }
  }
  if (input.action === "SUSPEND_USER") {
    if (group.reported_user_id === null) fail(422, ADMIN_MSG.reportNoPerson, { field: "action" });
    effects = [setStatusStatement(deps, group.reported_user_id, "SUSPENDED", won)];
    moderated = {
      userId: group.reported_user_id,
      action: "SUSPEND_USER",
      targetType: "USER",
      targetId: group.reported_user_id,
    };
  }
  // The person is told (a MODERATION notification) and their trust level follows, in this batch.
  const recorded = moderated
    ? [
        ...moderationStatements(
          db,
          { ...moderated, groupId: group.id, note: input.note, admin: admin.username, now },
          won,
        ),
        trustLevelStatement(db, moderated.userId, now),
      ]
    : [];

  const [resolved] = await db.write([
    db.prepare({
      sql: `UPDATE report_groups SET status = 'RESOLVED', action = ?1, note = ?2, resolved_by_id = ?3,
              resolved_by_username = ?4, resolved_at = ?5, updated_at = ?5
            WHERE id = ?6 AND status = 'OPEN'`,
      binds: [input.action, input.note, admin.id, admin.username, now, group.id],
    }),
    db.prepare({
      sql: `UPDATE reports SET resolved_at = ?1 WHERE group_id = ?2 AND ${won}`,
      binds: [now, group.id],
    }),
    ...effects,
    ...recorded,
    auditStatement(
      db,
      admin,
      {
        action: `REPORT_${input.action}`,
        target: `report:${group.id}`,
        detail: input.note ? `${group.target_key}: ${input.note}` : group.target_key,
      },
      { sql: won },
    ),
  ]);
  if (!resolved?.meta.changes) fail(409, ADMIN_MSG.reportResolved);
  if (moderated) {
    const made = await findGroupModeration(db, group.id);
    const card = made ? await decisionCard(db, made.user_id, made.id) : null;
    if (card) await deps.live.notification(card);
  }
  const [described] = await describeGroups(deps, [await requireGroup(deps, group.id)]);
  return described!;
}
