import type { Deps } from "#worker/deps.ts";

// What closing a person's sockets reads (close-sockets.ts): their account as the session rule
// reads it, and their chat threads.

/** The person's chat threads from thread id `before` down, newest first, at most `limit`. */
export function threadsOfUserBefore({ db }: Deps, userId: number, before: number, limit: number) {
  return db.all<{ id: number; public_id: string }>({
    sql: `SELECT t.id, t.public_id FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id
           WHERE me.user_id = ?1 AND t.id < ?2 ORDER BY t.id DESC LIMIT ?3`,
    binds: [userId, before, limit],
  });
}

/** An account as the session rule reads it, found by id, username or e-mail. */
export function accountByOwner({ db }: Deps, who: { id: number } | { username: string } | { email: string }) {
  const [column, value] =
    "id" in who ? ["id", who.id] : "username" in who ? ["username", who.username] : ["email", who.email];
  return db.first<{ id: number; token_version: number; status: string; deleted_at: number | null }>({
    sql: `SELECT id, token_version, status, deleted_at FROM users WHERE ${column} = ?1`,
    binds: [value],
  });
}
