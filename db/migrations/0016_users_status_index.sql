-- Nothing reads members in order of their last activity from the database any more (Discover holds
-- that order in memory, docs/decisions/027), yet both indexes on `last_active_at` were written each
-- time a request or a socket stamped it. The suspension sweep, which looked up suspended members
-- through the second, has an index of its own.
DROP INDEX `users_last_active_idx`;--> statement-breakpoint
DROP INDEX `users_discover_idx`;--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`status`,`suspended_until`);