import { decodeUriComponentOrNull } from "#shared/api.ts";
import type { ReportCause } from "#shared/enums.ts";
import type { ReportTargetType } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { readTargets, reportStatements, type TargetNames, type TargetRows } from "./queries";

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

/** What a report's link names (a comment of a post, a post, a profile) and the person its form names. */
export function targetNames(link: string | null, reportedUsername: string | null): TargetNames {
  const url = link ? parseLink(link) : null;
  // A part whose percent-encoding is broken names nothing (the link schema refuses those already).
  const postPart = url && /^\/c\/[^/]+\/p\/([^/?#]+)/.exec(url.pathname)?.[1];
  const post = postPart ? decodeUriComponentOrNull(postPart) : null;
  const profilePart = url && /^\/user\/([^/?#]+)/.exec(url.pathname)?.[1];
  const profile = profilePart ? decodeUriComponentOrNull(profilePart) : null;
  return {
    comment: post ? (url?.searchParams.get("comment") ?? null) : null,
    post,
    // The person the form names goes before a profile's link.
    profile: profile && reportedUsername === null ? profile.toLowerCase() : null,
    reported: reportedUsername,
  };
}

/**
 * The target of a report, from what its names found: the comment its link names, else the post,
 * else the profile, else the person the form names (`reportedUserId`), else the link itself.
 */
export function reportTarget(
  input: { link: string | null; reportedUserId: number | null },
  found: TargetRows,
): ReportTarget {
  const { link } = input;
  const target = (type: ReportTarget["type"], id: number, userId: number): ReportTarget => ({
    type,
    key: `${type}:${id}`,
    id,
    link,
    userId,
  });
  if (found.comment) return target("COMMENT", found.comment.id, found.comment.owner_id);
  if (found.post) return target("MICROPOST", found.post.id, found.post.owner_id);
  if (found.profile && input.reportedUserId === null)
    return target("USER", found.profile.id, found.profile.id);
  if (input.reportedUserId !== null) return target("USER", input.reportedUserId, input.reportedUserId);
  return { type: "LINK", key: `LINK:${link ?? ""}`, id: null, link, userId: null };
}

interface ReportInput {
  reporterId: number;
  reportedUserId: number | null;
  cause: ReportCause;
  text: string;
  link: string | null;
  rule?: string | null;
}

/**
 * Stores a report in its target's OPEN group (made if there is none) in one batch: the group's
 * count moves with the row.
 */
export async function storeReport(
  deps: Deps,
  target: ReportTarget,
  input: ReportInput,
): Promise<{ id: number }> {
  const { db } = deps;
  const [, inserted] = await db.write(
    reportStatements(db, target, { ...input, rule: input.rule ?? null }, Date.now()),
  );
  return { id: (inserted!.results[0] as { id: number }).id };
}

/** What a report's link names, or the person given, read in a round trip of its own. */
export async function resolveReportTarget(
  deps: Deps,
  input: { link: string | null; reportedUserId: number | null },
): Promise<ReportTarget> {
  return reportTarget(input, await readTargets(deps.db, targetNames(input.link, null)));
}

/** A report whose target is read first, in a round trip of its own (staff's seed of demo reports). */
export async function fileReport(deps: Deps, input: ReportInput): Promise<{ id: number }> {
  return storeReport(deps, await resolveReportTarget(deps, input), input);
}
