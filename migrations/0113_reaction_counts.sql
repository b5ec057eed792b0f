-- Custom SQL migration file, put your code below! --
-- Reactions' counts move in the statement that adds or removes a reaction, so they stay exact however
-- many people react at once (docs/decisions/140); an item that goes takes its reactions with it.
CREATE TRIGGER reactions_count_insert AFTER INSERT ON reactions BEGIN
  INSERT INTO reaction_counts (target_type, target_id, message_id, emoji, total, first_at)
    VALUES (NEW.target_type, NEW.target_id, NEW.message_id, NEW.emoji, 1, NEW.created_at)
    ON CONFLICT (target_type, target_id, message_id, emoji) DO UPDATE SET total = total + 1;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_count_delete AFTER DELETE ON reactions BEGIN
  UPDATE reaction_counts SET total = total - 1
    WHERE target_type = OLD.target_type AND target_id = OLD.target_id AND message_id = OLD.message_id
      AND emoji = OLD.emoji;
  DELETE FROM reaction_counts
    WHERE target_type = OLD.target_type AND target_id = OLD.target_id AND message_id = OLD.message_id
      AND emoji = OLD.emoji AND total <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_post_gone AFTER DELETE ON microposts BEGIN
  DELETE FROM reactions WHERE target_type = 'POST' AND target_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_comment_gone AFTER DELETE ON comments BEGIN
  DELETE FROM reactions WHERE target_type = 'COMMENT' AND target_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_thread_gone AFTER DELETE ON chat_threads BEGIN
  DELETE FROM reactions WHERE target_type = 'MESSAGE' AND target_id = OLD.id;
END;
