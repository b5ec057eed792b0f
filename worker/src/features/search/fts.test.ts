import { describe, expect, it } from "vitest";
import { SEARCH_MAX_RESULTS } from "#shared/schemas/search.ts";
import { toMatchExpression } from "#worker/lib/fts-match.ts";
import { env } from "#worker-test/api.ts";
import { MAX_RESULTS, RANK_LIMIT } from "./fts-queries";

describe("the search text", () => {
  it("becomes quoted words, never FTS syntax", () => {
    expect(toMatchExpression('edge "rendering" OR NEAR(a b) title:x *')).toBe(
      '"edge" "rendering" "or" "near" "a" "b" "title" "x"',
    );
    expect(toMatchExpression("'; DROP TABLE users; --")).toBe('"drop" "table" "users"');
    expect(toMatchExpression("café Ünïcode 東京")).toBe('"café" "ünïcode" "東京"');
  });

  it("has no words when there are only symbols", () => {
    expect(toMatchExpression('*** "" () -- ^')).toBeNull();
    expect(toMatchExpression("")).toBeNull();
  });

  it("marks words of two characters or more as prefixes when asked", () => {
    expect(toMatchExpression("al b photo", { prefix: true })).toBe('"al"* "b" "photo"*');
  });

  it("keeps at most eight distinct words", () => {
    expect(toMatchExpression("a a a b c d e f g h i j")).toBe('"a" "b" "c" "d" "e" "f" "g" "h"');
  });
});

describe("the limits", () => {
  it("agree with the shared schema: the API says what the index does", () => {
    expect(MAX_RESULTS).toBe(SEARCH_MAX_RESULTS);
    expect(RANK_LIMIT).toBeLessThanOrEqual(MAX_RESULTS);
  });
});

describe("the FTS tables", () => {
  it("follow posts through insert, edit, draft and delete, without the HTML tags", async () => {
    const db = env.DB;
    await db
      .prepare(
        "INSERT INTO users (id, username, email, password_hash, status, created_at, updated_at) VALUES (9001, 'ftsowner', 'f@x.io', 'h', 'ACTIVE', 1, 1)",
      )
      .run();
    await db.prepare("INSERT INTO communities (id, name, created_at) VALUES (9001, 'ftsc', 1)").run();
    const insert = (id: number, title: string, body: string, draft = 0) =>
      db
        .prepare(
          "INSERT INTO microposts (id, public_id, owner_id, community_id, title, body, slug, is_draft, published_at, created_at, updated_at) VALUES (?1, ?2, 9001, 9001, ?3, ?4, 's', ?5, 1, 1, 1)",
        )
        .bind(id, `pub${id}`, title, body, draft)
        .run();
    const find = async (word: string) =>
      (
        await db
          .prepare("SELECT rowid AS id FROM micropost_fts WHERE micropost_fts MATCH ?1 ORDER BY rowid")
          .bind(`"${word}"`)
          .all<{ id: number }>()
      ).results.map((r) => r.id);

    await insert(
      9101,
      "Zebras at dawn",
      '<p>Striped <strong>horses</strong> &amp; <a href="https://zoo.example/z" target="_blank" rel="noopener noreferrer nofollow">friends</a></p>',
    );
    await insert(9102, "Draft about zebras", "<p>not yet</p>", 1);
    expect(await find("zebra")).toEqual([9101]);
    expect(await find("horses")).toEqual([9101]);
    expect(await find("friends")).toEqual([9101]);
    expect(await find("zoo")).toEqual([9101]);
    for (const tag of ["strong", "href", "amp", "noopener", "target", "p"])
      expect(await find(tag)).toEqual([]);

    await db.prepare("UPDATE microposts SET title = 'Giraffes at dusk' WHERE id = 9101").run();
    expect(await find("zebra")).toEqual([]);
    expect(await find("giraffe")).toEqual([9101]);
    await db.prepare("UPDATE microposts SET is_draft = 0 WHERE id = 9102").run();
    expect(await find("zebra")).toEqual([9102]);
    // Counters change often; they must not disturb the index.
    await db.prepare("UPDATE microposts SET total_votes = total_votes + 1 WHERE id = 9102").run();
    expect(await find("zebra")).toEqual([9102]);
    await db.prepare("DELETE FROM microposts WHERE id = 9102").run();
    expect(await find("zebra")).toEqual([]);
    await db.prepare("DELETE FROM communities WHERE id = 9001").run();
    expect(await find("giraffe")).toEqual([]);
  });
});
