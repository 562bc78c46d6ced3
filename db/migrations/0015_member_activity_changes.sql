-- Changes to a member's last activity alone are told apart from the rest (db/schema/member-changes.ts):
-- `full_seq` is the number of the member's latest change to anything else. A directory moves a member
-- whose activity alone changed since it last looked, and reloads the others; a session touched once a
-- minute no longer reloads the member's profile and answers in every process. Changes noted before
-- this migration count as whole ones.
ALTER TABLE `member_changes` ADD `full_seq` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `member_changes` SET `full_seq` = `seq`;
--> statement-breakpoint
DROP TRIGGER `member_changes_profiles_inserted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_profiles_updated`;
--> statement-breakpoint
DROP TRIGGER `member_changes_profiles_deleted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_users_updated`;
--> statement-breakpoint
DROP TRIGGER `member_changes_users_deleted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_interviews_updated`;
--> statement-breakpoint
DROP TRIGGER `member_changes_interviews_deleted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_interview_answers_inserted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_interview_answers_updated`;
--> statement-breakpoint
DROP TRIGGER `member_changes_interview_answers_deleted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_verifications_inserted`;
--> statement-breakpoint
DROP TRIGGER `member_changes_verifications_updated`;
--> statement-breakpoint
DROP TRIGGER `member_changes_verifications_deleted`;
--> statement-breakpoint
CREATE TRIGGER `member_changes_profiles_inserted` AFTER INSERT ON `profiles` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_profiles_updated` AFTER UPDATE ON `profiles` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_profiles_deleted` AFTER DELETE ON `profiles` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_users_updated` AFTER UPDATE OF `first_name`, `last_name`, `plan`, `status`, `incognito` ON `users` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`) THEN NEW.`id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`) THEN NEW.`id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`) THEN NEW.`id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_users_active` AFTER UPDATE OF `last_active_at` ON `users` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = NEW.`id`;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT NEW.`id`, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), 0
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_users_deleted` AFTER DELETE ON `users` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`) THEN OLD.`id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`) THEN OLD.`id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`) THEN OLD.`id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interviews_updated` AFTER UPDATE OF `completed_at` ON `interviews` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interviews_deleted` AFTER DELETE ON `interviews` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interview_answers_inserted` AFTER INSERT ON `interview_answers` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interview_answers_updated` AFTER UPDATE ON `interview_answers` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_interview_answers_deleted` AFTER DELETE ON `interview_answers` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_verifications_inserted` AFTER INSERT ON `verifications` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_verifications_updated` AFTER UPDATE ON `verifications` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`) THEN NEW.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = NEW.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_changes_verifications_deleted` AFTER DELETE ON `verifications` BEGIN
  UPDATE `member_changes` SET `seq` = (SELECT max(`seq`) + 1 FROM `member_changes`), `full_seq` = (SELECT max(`seq`) + 1 FROM `member_changes`) WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END;
  INSERT INTO `member_changes` (`user_id`, `seq`, `full_seq`) SELECT CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END, (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `member_changes`)
    WHERE NOT EXISTS (SELECT 1 FROM `member_changes` WHERE `user_id` = CASE WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) THEN OLD.`user_id` ELSE '' END);
  DELETE FROM `member_changes` WHERE `user_id` = OLD.`user_id` AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
END;
