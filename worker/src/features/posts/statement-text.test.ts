import { describe, expect, it } from "vitest";
import type { Database, FoldedRider } from "#worker/db/database.ts";
import { foldedColumn } from "#worker/db/fold-queries.ts";
import type { Statement } from "#worker/db/sql.ts";
import { sessionFold } from "#worker/lib/session-queries.ts";
import { communityPostPage, NEWEST, sitePostPage, TOP } from "./queries";

// D1 prepares a statement per text (workerd keeps it per text): a value written into a page's text
// makes every viewer's page a new text to prepare. The viewer and the token check are binds
// (docs/decisions/234).

/** A data handle that records what it is sent and answers nothing; `person` rides as a token check. */
function recorder(person: number | null) {
  const sent: Statement[] = [];
  const db = {
    batch: async (statements: Statement[]) => {
      sent.push(...statements);
      return statements.map(() => []);
    },
    foldRider: async (after: number): Promise<FoldedRider | null> => {
      if (person === null) return null;
      const folded = sessionFold(person, 1_700_000_000_000)(after);
      return { column: foldedColumn(folded, "rider"), binds: folded.binds, settle: () => {}, fail: () => {} };
    },
  };
  return { db: db as unknown as Database, sent };
}

describe("a page of posts' statement text", () => {
  it("is one text for every signed-in viewer, their id and token check bound after the page's binds", async () => {
    const pages = await Promise.all(
      [41, 9_000_007].map(async (person) => {
        const { db, sent } = recorder(person);
        await sitePostPage(db, person, false, NEWEST, { skip: 0, limit: 10 }, null);
        return sent[0]!;
      }),
    );
    expect(pages[0]!.sql).toBe(pages[1]!.sql);
    expect(pages[0]!.sql).not.toContain("9000007");
    expect(pages[1]!.binds).toEqual([9_000_007, 1_700_000_000_000, 9_000_007]);
    // A visitor's page has no viewer to bind, and no token check.
    const { db, sent } = recorder(null);
    await sitePostPage(db, null, false, NEWEST, { skip: 0, limit: 10 }, null);
    expect(sent[0]!.binds).toEqual([]);
    expect(sent[0]!.sql).not.toBe(pages[0]!.sql);
  });

  it("is one text for every page past the first, the cursor's values bound", async () => {
    const texts = await Promise.all(
      [
        [1_700_000_000_000, 5_000],
        [1_600_000_000_000, 17],
      ].map(async (values) => {
        const { db, sent } = recorder(null);
        await sitePostPage(db, null, false, TOP, { skip: 0, limit: 10 }, values);
        return sent[0]!;
      }),
    );
    expect(texts[0]!.sql).toBe(texts[1]!.sql);
    expect(texts[1]!.binds).toEqual([1_600_000_000_000, 17]);
    // A community's page binds its name first, then the cursor.
    const [a, b] = [
      [1, 2, 3],
      [0, 9, 8],
    ].map((values) => communityPostPage("cats", { skip: 0, limit: 10 }, values));
    expect(a!.sql).toBe(b!.sql);
    expect(b!.binds).toEqual(["cats", 0, 9, 8]);
  });
});
