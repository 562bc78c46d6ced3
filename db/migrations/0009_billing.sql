CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_events_received_idx` ON `billing_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`plan_id` text,
	`interval` text,
	`income_tier` text,
	`bypass_level` text,
	`amount_usd` real NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`provider` text NOT NULL,
	`stripe_session_id` text,
	`stripe_customer_id` text,
	`expires_at` integer NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checkouts_user_idx` ON `checkouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkouts_stripe_session_unique` ON `checkouts` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `checkouts_status_idx` ON `checkouts` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`interval` text NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`current_period_end` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`grace_ends_at` integer,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user_unique` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
CREATE INDEX `subscriptions_grace_idx` ON `subscriptions` (`status`,`grace_ends_at`);