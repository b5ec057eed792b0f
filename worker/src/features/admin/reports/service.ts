import { type Page, toPage } from "#shared/api.ts";
import { ADMIN_MSG, type ReportGroup, type ReportResolve, type ReportStatus } from "#shared/schemas/admin.ts";
import type { ModerationAction, ModerationTarget } from "#shared/schemas/moderation.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { findGroupModeration, moderationStatement } from "#worker/lib/moderation-queries.ts";
import { postLink } from "#worker/lib/post-json.ts";
import { iso } from "#worker/lib/time.ts";
import { trustLevelStatement } from "#worker/lib/trust-queries.ts";
import { auditStatement } from "../audit/service";
import { setStatusStatement } from "../users/service";
import {
  type GroupRow,
  groupById,
  groupDetails,
  groupPage,
  resolutionStatements,
  resolutionTookEffect,
} from "./queries";
import { commentRemoval, postRemoval } from "./removal";

// The reports queue: reports grouped by what they point at (targets.ts), resolved a group at a time.

/** What the list needs beside the groups, read in one round trip for the whole page. */
async function describeGroups({ db }: Deps, groups: GroupRow[]): Promise<ReportGroup[]> {
  if (!groups.length) return [];
  const { causes, texts, posts, comments, users } = await groupDetails(db, groups);
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
  const { rows, total } = await groupPage(deps.db, input.status, input);
  return toPage(await describeGroups(deps, rows), total, input.limit);
}

async function requireGroup({ db }: Deps, id: number): Promise<GroupRow> {
  const row = await groupById(db, id);
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
  const won = resolutionTookEffect(group.id, now, admin.id, input.action);

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
  // The decision is recorded and the person's trust level follows, in this batch; they are told
  // (a MODERATION notice in their inbox) once it committed.
  const recorded = moderated
    ? [
        moderationStatement(
          db,
          { ...moderated, groupId: group.id, note: input.note, admin: admin.username, now },
          won,
        ),
        trustLevelStatement(db, moderated.userId, now),
      ]
    : [];

  const [resolved] = await db.write([
    ...resolutionStatements(db, {
      groupId: group.id,
      action: input.action,
      note: input.note,
      admin,
      now,
      won,
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
    if (made)
      await deps.events.moderated({
        userId: made.user_id,
        moderationId: made.id,
        text: made.note,
        now: made.created_at,
      });
  }
  const [described] = await describeGroups(deps, [await requireGroup(deps, group.id)]);
  return described!;
}
