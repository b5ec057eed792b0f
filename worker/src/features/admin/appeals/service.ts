import { type Page, toPage } from "#shared/api.ts";
import {
  type AdminAppeal,
  type AppealDecide,
  type AppealStatus,
  MODERATION_MSG,
} from "#shared/schemas/moderation.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import {
  type AppealRow,
  decisionAnsweredStatement,
  findModeration,
  moderationCard,
} from "#worker/lib/moderation-queries.ts";
import { postLink } from "#worker/lib/post-json.ts";
import { iso } from "#worker/lib/time.ts";
import { trustLevelStatement } from "#worker/lib/trust-queries.ts";
import { auditStatement } from "../audit/service";
import { commentRemoval, postRemoval } from "../reports/removal";
import { setStatusStatement } from "../users/service";
import {
  appealContext,
  appealListStatements,
  appealWonCondition,
  decideAppealStatement,
  findAppeal,
  reverseModerationStatement,
} from "./queries";

// Appeals as staff see and decide them: the person's text beside the decision appealed, the
// content as it was (kept hidden) and the reports behind it. UPHOLD keeps the decision; REVERSE
// restores the content (counters and search follow) or lifts the suspension. Either way the person
// is told and the audit log has a row, in the batch of the decision.

const glance = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 600);

async function describeAppeals({ db }: Deps, rows: AppealRow[]): Promise<AdminAppeal[]> {
  if (!rows.length) return [];
  const { moderations, people, posts, comments, groups, causes, texts } = await appealContext(db, rows);
  return rows.map((a) => {
    const m = moderations.find((x) => x.id === a.moderation_id)!;
    const person = people.find((p) => p.id === a.user_id);
    const post = m.target_type === "MICROPOST" ? posts.find((p) => p.id === m.target_id) : undefined;
    const comment = m.target_type === "COMMENT" ? comments.find((k) => k.id === m.target_id) : undefined;
    const group = m.report_group_id === null ? undefined : groups.find((g) => g.id === m.report_group_id);
    return {
      id: a.id,
      status: a.status,
      text: a.text,
      created_at: iso(a.created_at),
      user: person
        ? { username: person.username, status: person.status, trust_level: person.trust_level }
        : null,
      moderation: {
        id: m.id,
        action: m.action,
        target_type: m.target_type,
        cause: m.cause,
        note: m.note,
        admin: m.admin_username,
        created_at: iso(m.created_at),
        reversed: m.reversed_at !== null,
      },
      content: post
        ? {
            title: post.title,
            text: glance(post.body),
            link: postLink(post.community, post.public_id, post.slug),
            hidden: post.removed_at !== null,
          }
        : comment
          ? {
              title: null,
              text: glance(comment.body),
              link: `${postLink(comment.community, comment.post_public_id, comment.slug)}?comment=${comment.public_id}`,
              hidden: comment.removed_at !== null,
            }
          : null,
      reports: group
        ? {
            group_id: group.id,
            total_reports: group.total_reports,
            causes: causes
              .filter((c) => c.group_id === group.id)
              .map((c) => ({ report_cause: c.report_cause, total: c.n })),
            texts: texts
              .filter((t) => t.group_id === group.id)
              .map((t) => ({ report_cause: t.report_cause, text: t.text })),
          }
        : null,
      decision:
        a.status === "DECIDED" && a.decision && a.decided_at !== null
          ? {
              decision: a.decision,
              note: a.note,
              admin: a.decided_by_username,
              decided_at: iso(a.decided_at),
            }
          : null,
    };
  });
}

/** `GET .../appeal/list`: OPEN appeals oldest first (first come, first answered); DECIDED newest first. */
export async function listAppeals(
  deps: Deps,
  input: { status: AppealStatus; skip: number; limit: number },
): Promise<Page<AdminAppeal>> {
  const [rows, total] = await deps.db.batch<[AppealRow, { n: number }]>(
    appealListStatements(input.status, input),
  );
  return toPage(await describeAppeals(deps, rows), total[0]?.n ?? 0, input.limit);
}

async function requireAppeal({ db }: Deps, id: number): Promise<AppealRow> {
  const row = await findAppeal(db, id);
  if (!row) fail(404, MODERATION_MSG.appealNotFound);
  return row;
}

/** `PATCH .../appeal`: UPHOLD or REVERSE an OPEN appeal, with a note the person reads. */
export async function decideAppeal(deps: Deps, admin: AuthAdmin, input: AppealDecide): Promise<AdminAppeal> {
  const { db } = deps;
  const appeal = await requireAppeal(deps, input.id);
  if (appeal.status !== "OPEN") fail(409, MODERATION_MSG.appealDecided);
  const moderation = (await findModeration(db, appeal.moderation_id))!;
  const now = Date.now();
  // Holds only in the batch whose decision took effect (our own integers and an enum value).
  const won = appealWonCondition(appeal.id, now, input.decision);

  let effects: D1PreparedStatement[] = [];
  if (input.decision === "REVERSE") {
    if (moderation.action === "SUSPEND_USER") {
      effects = [setStatusStatement(deps, moderation.user_id, "ACTIVE", won)];
    } else {
      const restore =
        moderation.target_type === "MICROPOST"
          ? await postRemoval(deps, moderation.target_id, won, true)
          : await commentRemoval(deps, moderation.target_id, won, true);
      effects = restore?.statements ?? [];
    }
    effects.push(reverseModerationStatement(db, moderation.id, now, won));
  }

  const [decided] = await db.write([
    decideAppealStatement(db, {
      id: appeal.id,
      decision: input.decision,
      note: input.note,
      admin: admin.username,
      now,
    }),
    ...effects,
    // The person reads the answer on the card of the decision it answers (one card per decision).
    decisionAnsweredStatement(db, { userId: moderation.user_id, moderationId: moderation.id, now }, won),
    trustLevelStatement(db, moderation.user_id, now),
    auditStatement(
      db,
      admin,
      {
        action: input.decision === "REVERSE" ? "APPEAL_REVERSE" : "APPEAL_UPHOLD",
        target: `appeal:${appeal.id}`,
        detail: `${moderation.action} ${moderation.target_type}:${moderation.target_id}${input.note ? `: ${input.note}` : ""}`,
      },
      { sql: won },
    ),
  ]);
  if (!decided?.meta.changes) fail(409, MODERATION_MSG.appealDecided);
  // The person's open tabs show the answer on the card at once: D1's card (one made before the
  // inbox kept them) or the inbox's, reopened (made again, with the answer, if it has none).
  const card = await moderationCard(db, moderation.user_id, moderation.id);
  if (card) await deps.live.notification(card);
  else
    await deps.events.moderated({
      userId: moderation.user_id,
      moderationId: moderation.id,
      text: input.note,
      now,
      reopen: true,
    });
  const [described] = await describeAppeals(deps, [await requireAppeal(deps, appeal.id)]);
  return described!;
}
