CREATE TABLE `interview_answers` (
	`interview_id` text NOT NULL,
	`user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`response` text NOT NULL,
	`is_voice` integer DEFAULT false NOT NULL,
	`answered_at` integer NOT NULL,
	PRIMARY KEY(`interview_id`, `question_id`),
	FOREIGN KEY (`interview_id`) REFERENCES `interviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interview_answers_user_idx` ON `interview_answers` (`user_id`);--> statement-breakpoint
CREATE TABLE `interviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`ai_persona` text NOT NULL,
	`communication_mode` text NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interviews_user_idx` ON `interviews` (`user_id`,`created_at`);--> statement-breakpoint
DROP INDEX `messages_sender_idx`;--> statement-breakpoint
ALTER TABLE `messages` ADD `client_message_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `delivered_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_id_unique` ON `messages` (`sender_id`,`client_message_id`) WHERE client_message_id is not null;--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`,`created_at`);