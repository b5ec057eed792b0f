import type { FeedbackType } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";

// The SQL of the feedback staff read.

export interface FeedbackRow {
  id: number;
  feedback_type: FeedbackType;
  text: string;
  link: string | null;
  created_at: number;
  username: string;
  email: string;
  profile_image: string | null;
}

/** A page of feedback, newest first, each with who sent it, and the total. */
export async function feedbackRows(
  db: Database,
  input: { skip: number; limit: number },
): Promise<{ rows: FeedbackRow[]; total: number }> {
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
  return { rows, total: total[0]?.n ?? 0 };
}
