import { decodeUriComponentOrNull } from "#shared/api.ts";
import type { ReportCause } from "#shared/enums.ts";
import type { ReportTargetType } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { commentOfPublicId, personOfUsername, postOfPublicId, reportStatements } from "./queries";

// What a report points at, worked out when it is made: the post or comment its link names, else
// the person it names, else the link itself. Reports of one target gather in its OPEN group.

export interface ReportTarget {
  type: ReportTargetType;
  /** Unique per target: `MICROPOST:12`, `COMMENT:7`, `USER:3`, `LINK:<link>`. */
  key: string;
  id: number | null;
  link: string | null;
  /** The person behind it: the author of the post or comment, or the person reported. */
  userId: number | null;
}

/** The path and query of a link, whether it was sent whole (`https://host/c/…`) or as a path. */
function parseLink(link: string): URL | null {
  try {
    return new URL(link, "http://agora.invalid");
  } catch {
    return null;
  }
}

export async function resolveReportTarget(
  { db }: Deps,
  input: { link: string | null; reportedUserId: number | null },
): Promise<ReportTarget> {
  const url = input.link ? parseLink(input.link) : null;
  // A part whose percent-encoding is broken names nothing (the link schema refuses those already).
  const postPart = url && /^\/c\/[^/]+\/p\/([^/?#]+)/.exec(url.pathname)?.[1];
  const post = postPart ? decodeUriComponentOrNull(postPart) : null;
  const commentId = url?.searchParams.get("comment");
  if (post && commentId) {
    const row = await commentOfPublicId(db, commentId);
    if (row)
      return {
        type: "COMMENT",
        key: `COMMENT:${row.id}`,
        id: row.id,
        link: input.link,
        userId: row.owner_id,
      };
  }
  if (post) {
    const row = await postOfPublicId(db, post);
    if (row)
      return {
        type: "MICROPOST",
        key: `MICROPOST:${row.id}`,
        id: row.id,
        link: input.link,
        userId: row.owner_id,
      };
  }
  const profilePart = url && /^\/user\/([^/?#]+)/.exec(url.pathname)?.[1];
  const profile = profilePart ? decodeUriComponentOrNull(profilePart) : null;
  if (profile && input.reportedUserId === null) {
    const row = await personOfUsername(db, profile.toLowerCase());
    if (row) return { type: "USER", key: `USER:${row.id}`, id: row.id, link: input.link, userId: row.id };
  }
  if (input.reportedUserId !== null) {
    const id = input.reportedUserId;
    return { type: "USER", key: `USER:${id}`, id, link: input.link, userId: id };
  }
  return { type: "LINK", key: `LINK:${input.link ?? ""}`, id: null, link: input.link, userId: null };
}

/**
 * Stores a report in its target's OPEN group (made if there is none) in one batch: the group's
 * count moves with the row.
 */
export async function fileReport(
  deps: Deps,
  input: {
    reporterId: number;
    reportedUserId: number | null;
    cause: ReportCause;
    text: string;
    link: string | null;
    rule?: string | null;
  },
): Promise<{ id: number }> {
  const { db } = deps;
  const target = await resolveReportTarget(deps, input);
  const now = Date.now();
  const [, inserted] = await db.write(
    reportStatements(db, target, { ...input, rule: input.rule ?? null }, now),
  );
  return { id: (inserted!.results[0] as { id: number }).id };
}
