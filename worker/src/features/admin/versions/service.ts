import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { auditStatement } from "../audit/service";
import { findVersion, redactVersionStatement } from "./queries";

/**
 * Staff wipe the text of a version an edit replaced (a post's or a comment's): the history keeps
 * its place and says it was redacted. The audit row is written in the same batch, only when this
 * call is the one that redacted it.
 */
export async function redactVersion(
  { db }: Deps,
  admin: AuthAdmin,
  id: number,
): Promise<{ id: number; redacted: true }> {
  const row = await findVersion(db, id);
  if (!row) fail(404, "Version not found");
  const kind = row.micropostId !== null ? "post" : "comment";
  await db.write([
    redactVersionStatement(db, id, Date.now()),
    auditStatement(
      db,
      admin,
      {
        action: "VERSION_REDACT",
        target: `${kind}:${row.targetPublicId ?? "gone"}`,
        detail: `version ${id}`,
      },
      "changed",
    ),
  ]);
  return { id, redacted: true };
}
