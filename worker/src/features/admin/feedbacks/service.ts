import { type Page, toPage } from "#shared/api.ts";
import type { AdminFeedback } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";
import { feedbackRows } from "./queries";

/** `GET .../user/feedback/list`: newest first, each with who sent it. The SPA cuts the text. */
export async function listFeedbacks(
  { db }: Deps,
  input: { skip: number; limit: number },
): Promise<Page<AdminFeedback>> {
  const { rows, total } = await feedbackRows(db, input);
  return toPage(
    rows.map((r) => ({
      user: { username: r.username, email: r.email, profile_image: r.profile_image },
      user_feedback: {
        id: r.id,
        feedback_type: r.feedback_type,
        text: r.text,
        link: r.link,
        created_at: iso(r.created_at),
      },
    })),
    total,
    input.limit,
  );
}
