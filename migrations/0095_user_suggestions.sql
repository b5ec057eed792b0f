-- Suggested people (the welcome step and the empty feeds) are the most followed first: an index
-- walk that stops after a handful of rows. Mirrored in worker/src/db/schema/users.ts.
CREATE INDEX `users_followers_idx` ON `users` (`total_followers`,`id`);
