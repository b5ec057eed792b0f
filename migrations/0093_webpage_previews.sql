-- Link previews as the server fetched them (docs/decisions/097): a chat message's preview is taken
-- from here, never from the sender's client. One row per link (null preview: the page could not
-- be previewed), fresh for an hour; old rows are pruned as new ones are written. Mirrored in
-- worker/src/db/schema/chat.ts.
CREATE TABLE `webpage_previews` (
	`link` text PRIMARY KEY NOT NULL,
	`preview` text,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webpage_previews_fetched_idx` ON `webpage_previews` (`fetched_at`);
