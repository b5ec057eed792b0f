-- The VERIFIED feed reads microposts.is_owner_verified, a copy of the owner's marks made when the
-- post is written. Whoever changes a person's marks later (a paid plan starting or ending, staff
-- granted), their posts follow in the same statement; the feed counters follow through the
-- microposts triggers of 0020.
CREATE TRIGGER users_verified_sync AFTER UPDATE OF is_staff, is_verified_user, is_verified_business ON users
WHEN (OLD.is_staff OR OLD.is_verified_user OR OLD.is_verified_business) != (NEW.is_staff OR NEW.is_verified_user OR NEW.is_verified_business)
BEGIN
  UPDATE microposts SET is_owner_verified = (NEW.is_staff OR NEW.is_verified_user OR NEW.is_verified_business)
  WHERE owner_id = NEW.id;
END;
