CREATE TABLE `profile_prompts` (
	`user_id` text NOT NULL,
	`prompt_id` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `prompt_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `evangelism_resources` ADD `body` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `interests` ADD `about` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `is_illustration` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `seeking_age_min` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `seeking_age_max` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `seeking_max_miles` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `seeking_denominations` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `seeking_sabbath` text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `dealbreakers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sabbath_events` ADD `meeting_url` text;--> statement-breakpoint
CREATE INDEX `like_passes_latest_idx` ON `like_passes` (`user_id`,`created_at`);