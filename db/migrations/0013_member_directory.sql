-- Every write to what Discover reads about a member notes the member in member_changes with a new
-- highest sequence number (db/schema/member-changes.ts). A member who no longer exists is noted as
-- '' instead, so no row names a deleted member; the directories then look for members gone. An
-- UPDATE then an INSERT rather than INSERT OR REPLACE: an UPSERT outside would override a trigger's
-- conflict clause; and the number is taken before the member's own row goes, so it always grows.
CREATE TABLE `member_changes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `member_changes_seq_idx` ON `member_changes` (`seq`);
--> statement-breakpoint
CREATE TRIGGER `member_changes_profiles_inserted` AFTER INSERT ON `profiles` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_profiles_updated` AFTER UPDATE ON `profiles` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_profiles_deleted` AFTER DELETE ON `profiles` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_users_updated` AFTER UPDATE OF `first_name`, `last_name`, `plan`, `status`, `incognito`, `last_active_at` ON `users` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`) THEN NEW.`id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`) THEN NEW.`id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`) THEN NEW.`id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_users_deleted` AFTER DELETE ON `users` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`) THEN OLD.`id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`) THEN OLD.`id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`) THEN OLD.`id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interviews_updated` AFTER UPDATE OF `completed_at` ON `interviews` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interviews_deleted` AFTER DELETE ON `interviews` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interview_answers_inserted` AFTER INSERT ON `interview_answers` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interview_answers_updated` AFTER UPDATE ON `interview_answers` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interview_answers_deleted` AFTER DELETE ON `interview_answers` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_verifications_inserted` AFTER INSERT ON `verifications` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_verifications_updated` AFTER UPDATE ON `verifications` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_verifications_deleted` AFTER DELETE ON `verifications` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
