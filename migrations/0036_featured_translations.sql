-- A featured card's title and subtitle in other languages: {"es": {"title", "subtitle"}, "pt": {...}}.
ALTER TABLE featured_items ADD COLUMN translations TEXT NOT NULL DEFAULT '{}';
