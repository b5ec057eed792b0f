-- Notifications are listed newest first by when they happened, not by insertion order: a
-- notification can be written after a later one (the demo seed fills them from existing follows
-- and comments). One index range per person, for all and for the unread ones.
CREATE INDEX IF NOT EXISTS notifications_user_time_idx ON notifications (user_id, created_at, id);
CREATE INDEX IF NOT EXISTS notifications_user_unread_time_idx ON notifications (user_id, is_read, created_at, id);
DROP INDEX IF EXISTS notifications_user_idx;
