ALTER TABLE `events` ADD `circle_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `incognito` integer DEFAULT false NOT NULL;