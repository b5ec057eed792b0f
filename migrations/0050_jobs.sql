-- The jobs board and the services marketplace (docs/decisions/050). Tables mirror
-- worker/src/db/schema/jobs.ts (the DDL is what drizzle-kit generates for it); the full-text tables,
-- the counters of the public lists and the account-deletion rule are triggers, so every writer (API,
-- admin, cron, seed) keeps them in step in the same statement as the row.
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`website` text,
	`logo` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_name_key_unique` ON `companies` (`name_key`);--> statement-breakpoint
CREATE INDEX `companies_owner_idx` ON `companies` (`owner_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`job_type` text NOT NULL,
	`job_category` text NOT NULL,
	`work_mode` text NOT NULL,
	`experience_level` text NOT NULL,
	`minimum_salary` integer DEFAULT 0 NOT NULL,
	`maximum_salary` integer DEFAULT 0 NOT NULL,
	`pay_in_crypto` integer DEFAULT false NOT NULL,
	`how_to_apply` text NOT NULL,
	`skills` text NOT NULL,
	`status` text DEFAULT 'CONFIRMED' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_owner_slug_unique` ON `jobs` (`owner_id`,`slug`);--> statement-breakpoint
CREATE INDEX `jobs_owner_idx` ON `jobs` (`owner_id`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_company_idx` ON `jobs` (`company_id`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_category_idx` ON `jobs` (`status`,`job_category`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_type_idx` ON `jobs` (`status`,`job_type`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_work_mode_idx` ON `jobs` (`status`,`work_mode`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_experience_idx` ON `jobs` (`status`,`experience_level`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_crypto_idx` ON `jobs` (`status`,`pay_in_crypto`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_expiry_idx` ON `jobs` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `resumes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`price` integer NOT NULL,
	`delivery_days` integer NOT NULL,
	`images` text NOT NULL,
	`skills` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_owner_slug_unique` ON `services` (`owner_id`,`slug`);--> statement-breakpoint
CREATE INDEX `services_owner_idx` ON `services` (`owner_id`,`id`);--> statement-breakpoint
CREATE INDEX `services_active_idx` ON `services` (`is_active`,`id`);--> statement-breakpoint
CREATE INDEX `services_category_idx` ON `services` (`is_active`,`category`,`id`);

--> statement-breakpoint
-- Full text over what the public list shows: title, description, company name and skills. Only
-- CONFIRMED jobs are indexed, so the index holds about the public jobs, not every job ever posted;
-- queries still apply the visibility rule itself (CONFIRMED and not expired). Contentless like
-- the posts' index (0030): a row leaves it by rowid. A company's name never changes (posting again
-- with it reuses the company), so the jobs table's triggers are enough.
CREATE VIRTUAL TABLE job_fts USING fts5(title, description, company, skills, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs WHEN NEW.status = 'CONFIRMED' BEGIN
  INSERT INTO job_fts (rowid, title, description, company, skills) VALUES (NEW.id, NEW.title, NEW.description, (SELECT name FROM companies WHERE id = NEW.company_id), NEW.skills);
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs WHEN OLD.status = 'CONFIRMED' BEGIN
  DELETE FROM job_fts WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_update AFTER UPDATE OF title, description, skills, company_id, status ON jobs BEGIN
  DELETE FROM job_fts WHERE rowid = OLD.id AND OLD.status = 'CONFIRMED';
  INSERT INTO job_fts (rowid, title, description, company, skills) SELECT NEW.id, NEW.title, NEW.description, (SELECT name FROM companies WHERE id = NEW.company_id), NEW.skills WHERE NEW.status = 'CONFIRMED';
END;
--> statement-breakpoint
-- Totals without counting rows (docs/decisions/020): in site_counters, every job ('jobs'), per status
-- ('jobs.status.HOLD', for staff), and the CONFIRMED ones, alone and per filter value
-- ('jobs.public.category.DESIGN'), for the public list with one filter or none. Each key moves by
-- the row's 1 or 0, so one upsert serves every key.
CREATE TRIGGER jobs_counters_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO site_counters (key, value) VALUES
    ('jobs', 1),
    ('jobs.status.' || NEW.status, 1),
    ('jobs.public', (NEW.status = 'CONFIRMED')),
    ('jobs.public.category.' || NEW.job_category, (NEW.status = 'CONFIRMED')),
    ('jobs.public.type.' || NEW.job_type, (NEW.status = 'CONFIRMED')),
    ('jobs.public.mode.' || NEW.work_mode, (NEW.status = 'CONFIRMED')),
    ('jobs.public.level.' || NEW.experience_level, (NEW.status = 'CONFIRMED')),
    ('jobs.public.crypto', (NEW.status = 'CONFIRMED' AND NEW.pay_in_crypto = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_counters_delete AFTER DELETE ON jobs BEGIN
  INSERT INTO site_counters (key, value) VALUES
    ('jobs', -1),
    ('jobs.status.' || OLD.status, -1),
    ('jobs.public', -(OLD.status = 'CONFIRMED')),
    ('jobs.public.category.' || OLD.job_category, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.type.' || OLD.job_type, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.mode.' || OLD.work_mode, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.level.' || OLD.experience_level, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.crypto', -(OLD.status = 'CONFIRMED' AND OLD.pay_in_crypto = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_counters_update AFTER UPDATE OF status, job_category, job_type, work_mode, experience_level, pay_in_crypto ON jobs BEGIN
  INSERT INTO site_counters (key, value) VALUES
    ('jobs.status.' || OLD.status, -1),
    ('jobs.public', -(OLD.status = 'CONFIRMED')),
    ('jobs.public.category.' || OLD.job_category, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.type.' || OLD.job_type, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.mode.' || OLD.work_mode, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.level.' || OLD.experience_level, -(OLD.status = 'CONFIRMED')),
    ('jobs.public.crypto', -(OLD.status = 'CONFIRMED' AND OLD.pay_in_crypto = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
  INSERT INTO site_counters (key, value) VALUES
    ('jobs.status.' || NEW.status, 1),
    ('jobs.public', (NEW.status = 'CONFIRMED')),
    ('jobs.public.category.' || NEW.job_category, (NEW.status = 'CONFIRMED')),
    ('jobs.public.type.' || NEW.job_type, (NEW.status = 'CONFIRMED')),
    ('jobs.public.mode.' || NEW.work_mode, (NEW.status = 'CONFIRMED')),
    ('jobs.public.level.' || NEW.experience_level, (NEW.status = 'CONFIRMED')),
    ('jobs.public.crypto', (NEW.status = 'CONFIRMED' AND NEW.pay_in_crypto = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
-- Services: the same, for active (not paused) services.
CREATE VIRTUAL TABLE service_fts USING fts5(title, description, skills, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER services_fts_insert AFTER INSERT ON services WHEN NEW.is_active = 1 BEGIN
  INSERT INTO service_fts (rowid, title, description, skills) VALUES (NEW.id, NEW.title, NEW.description, NEW.skills);
END;
--> statement-breakpoint
CREATE TRIGGER services_fts_delete AFTER DELETE ON services WHEN OLD.is_active = 1 BEGIN
  DELETE FROM service_fts WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER services_fts_update AFTER UPDATE OF title, description, skills, is_active ON services BEGIN
  DELETE FROM service_fts WHERE rowid = OLD.id AND OLD.is_active = 1;
  INSERT INTO service_fts (rowid, title, description, skills) SELECT NEW.id, NEW.title, NEW.description, NEW.skills WHERE NEW.is_active = 1;
END;
--> statement-breakpoint
CREATE TRIGGER services_counters_insert AFTER INSERT ON services BEGIN
  INSERT INTO site_counters (key, value) VALUES
    ('services.public', (NEW.is_active = 1)),
    ('services.public.category.' || NEW.category, (NEW.is_active = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER services_counters_delete AFTER DELETE ON services BEGIN
  INSERT INTO site_counters (key, value) VALUES
    ('services.public', -(OLD.is_active = 1)),
    ('services.public.category.' || OLD.category, -(OLD.is_active = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER services_counters_update AFTER UPDATE OF is_active, category ON services BEGIN
  INSERT INTO site_counters (key, value) VALUES
    ('services.public', -(OLD.is_active = 1)),
    ('services.public.category.' || OLD.category, -(OLD.is_active = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
  INSERT INTO site_counters (key, value) VALUES
    ('services.public', (NEW.is_active = 1)),
    ('services.public.category.' || NEW.category, (NEW.is_active = 1))
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
-- A deleted account (users are kept with deleted_at set) takes its offers off the site: its jobs
-- close, its services pause, its résumé row goes.
CREATE TRIGGER users_deleted_market AFTER UPDATE OF deleted_at ON users WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE jobs SET status = 'CLOSED', updated_at = NEW.deleted_at WHERE owner_id = NEW.id AND status <> 'CLOSED';
  UPDATE services SET is_active = 0, updated_at = NEW.deleted_at WHERE owner_id = NEW.id AND is_active = 1;
  DELETE FROM resumes WHERE user_id = NEW.id;
END;
