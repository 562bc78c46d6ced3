CREATE INDEX `users_discover_idx` ON `users` (`status`,`last_active_at`,`id`);--> statement-breakpoint
CREATE INDEX `profiles_geo_idx` ON `profiles` (`gender`,`latitude`,`longitude`,`birth_date`);--> statement-breakpoint
CREATE INDEX `profiles_state_idx` ON `profiles` (`gender`,`country`,`state`,`birth_date`);