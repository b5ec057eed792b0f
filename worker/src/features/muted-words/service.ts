import type { MuteContext } from "#shared/enums.ts";
import {
  MUTED_WORDS_MAX,
  MUTED_WORDS_MSG,
  type MutedWord,
  type mutedWordCreateSchema,
} from "#shared/schemas/muted-words.ts";
import type { z } from "#shared/zod-jitless.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { iso } from "#worker/lib/time.ts";
import { deleteMutedWord, insertMutedWord, type MutedWordRow, mutedWordsOf } from "./queries";

// The rules of muted phrases: each person keeps a bounded list; the lists of posts, comments,
// notifications, search results and chat threads ask `activeMutes` (lib/mutes.ts) which phrases
// hide what there.

function toMutedWord(row: MutedWordRow): MutedWord {
  return {
    id: row.id,
    phrase: row.phrase,
    whole_word: row.wholeWord,
    contexts: row.contexts.split(",") as MuteContext[],
    expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
    created_at: iso(row.createdAt),
  };
}

/** `GET .../filter/list`: every phrase, expired ones too (they show as expired), newest first. */
export async function listMutedWords({ db }: Deps, userId: number): Promise<{ list: MutedWord[] }> {
  return { list: (await mutedWordsOf(db, userId)).map(toMutedWord) };
}

/** `POST .../filter`: 409 past MUTED_WORDS_MAX, 422 for an expiry already past. */
export async function addMutedWord(
  { db }: Deps,
  userId: number,
  input: z.output<typeof mutedWordCreateSchema>,
): Promise<{ id: number }> {
  const expiresAt = input.expires_at === null ? null : Date.parse(input.expires_at);
  if (expiresAt !== null && expiresAt <= Date.now())
    fail(422, MUTED_WORDS_MSG.expiresInPast, { field: "expires_at" });
  const id = await insertMutedWord(
    db,
    {
      userId,
      phrase: input.phrase,
      wholeWord: input.whole_word,
      contexts: input.contexts.join(","),
      expiresAt,
    },
    MUTED_WORDS_MAX,
  );
  if (id === null) fail(409, MUTED_WORDS_MSG.tooManyFilters);
  return { id };
}

/** `DELETE .../filter`: 404 for an id that is not the caller's. */
export async function removeMutedWord({ db }: Deps, userId: number, id: number): Promise<void> {
  if (!(await deleteMutedWord(db, userId, id))) fail(404, MUTED_WORDS_MSG.filterNotFound);
}
