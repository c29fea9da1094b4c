-- URLs are looked up without regard to the case of ASCII letters, as WordPress's tables compare them (their
-- collations ignore case): the indexes those lookups use. The exact ones stay for ordering by URL. Nothing
-- stored changes.
CREATE INDEX schemas_by_url_nocase ON schemas (url COLLATE NOCASE, is_active);
CREATE INDEX meta_by_url_nocase ON meta (url COLLATE NOCASE);
CREATE INDEX social_by_url_nocase ON social (url COLLATE NOCASE);
