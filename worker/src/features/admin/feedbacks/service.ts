import { type Page, toPage } from "#shared/api.ts";
import type { FeedbackType } from "#shared/enums.ts";
import type { AdminFeedback } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";

interface FeedbackRow {
  id: number;
  feedback_type: FeedbackType;
  text: string;
  link: string | null;
  created_at: number;
  username: string;
  email: string;
  profile_image: string | null;
}

/** `GET .../user/feedback/list`: newest first, each with who sent it. The SPA cuts the text. */
export async function listFeedbacks(
  { db }: Deps,
  input: { skip: number; limit: number },
): Promise<Page<AdminFeedback>> {
  const [rows, total] = await db.batch<[FeedbackRow, { n: number }]>([
    {
      sql: `SELECT f.id, f.feedback_type, f.text, f.link, f.created_at, u.username, u.email, u.profile_image
            FROM feedbacks f JOIN users u ON u.id = f.user_id
            ORDER BY f.created_at DESC, f.id DESC LIMIT ?1 OFFSET ?2`,
      binds: [input.limit, input.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM feedbacks" },
  ]);
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
    total[0]?.n ?? 0,
    input.limit,
  );
}
