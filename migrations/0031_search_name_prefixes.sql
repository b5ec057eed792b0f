-- Names are searched as they are typed ("ali" finds alice). FTS5 answers a prefix from a prefix
-- index in one lookup, but without one it merges the list of every word that starts that way:
-- "user1" over 50,000 usernames merged 11,000 lists (2 ms, growing with the site). The name tables
-- now keep prefix indexes up to six characters; beyond that few words share a start. The tables
-- are rebuilt (their triggers on users and communities name them and keep working).
DROP TABLE community_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE community_fts USING fts5(name, display_name, description, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');
--> statement-breakpoint
INSERT INTO community_fts (rowid, name, display_name, description) SELECT id, name, display_name, description FROM communities;
--> statement-breakpoint
DROP TABLE user_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE user_fts USING fts5(username, profile_name, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');
--> statement-breakpoint
INSERT INTO user_fts (rowid, username, profile_name) SELECT id, username, profile_name FROM users WHERE status = 'ACTIVE' AND deleted_at IS NULL;
