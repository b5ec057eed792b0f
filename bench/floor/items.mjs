// The floor's table of items (bench/floor/worker.js reads it): `rows` rows of a title, a 200-character
// body, a score and a time, made in one statement. bench/floor, bench/vs-floor and bench/statements
// start from it.
export async function createItems(db, rows) {
  await db.exec(
    "CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, score INTEGER NOT NULL, created_at INTEGER NOT NULL)",
  );
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO items SELECT i, 'A title of item ' || i, printf('%.200c', 'x'), i % 97, 1700000000000 + i FROM n`,
    )
    .bind(rows)
    .run();
}
