CREATE TABLE `banned_emails` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`banned_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `moderation_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text,
	`target_id` text NOT NULL,
	`action` text NOT NULL,
	`reason` text NOT NULL,
	`report_id` text,
	`until` integer,
	`subject_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_target_idx` ON `moderation_actions` (`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_created_idx` ON `moderation_actions` (`created_at`);--> statement-breakpoint
CREATE TABLE `vouch_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`verification_id` text NOT NULL,
	`user_id` text NOT NULL,
	`pastor_name` text NOT NULL,
	`pastor_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`verification_id`) REFERENCES `verifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouch_requests_token_hash_unique` ON `vouch_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `vouch_requests_user_idx` ON `vouch_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vouch_requests_pastor_idx` ON `vouch_requests` (`pastor_email`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text,
	`reported_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`origin` text DEFAULT 'member' NOT NULL,
	`conversation_id` text,
	`outcome` text,
	`resolved_at` integer,
	`resolved_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_reports`("id", "reporter_id", "reported_id", "reason", "details", "status", "created_at") SELECT "id", "reporter_id", "reported_id", "reason", "details", "status", "created_at" FROM `reports`;--> statement-breakpoint
DROP TABLE `reports`;--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_reported_idx` ON `reports` (`reported_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `scam_signals` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `review_status` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;--> statement-breakpoint
CREATE TRIGGER `moderation_actions_append_only` BEFORE UPDATE OF `target_id`, `action`, `reason`, `until`, `subject_id`, `created_at` ON `moderation_actions`
BEGIN SELECT RAISE(ABORT, 'The moderation log is append-only'); END;