CREATE INDEX `jobs_pending_member_idx` ON `jobs` (`kind`,json_extract(payload, '$.userId')) WHERE status = 'pending';
