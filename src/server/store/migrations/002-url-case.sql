-- URLs are looked up without regard to the case of ASCII letters, as WordPress's tables compare them (their
-- collations ignore case): the indexes those lookups use. Nothing stored changes.
DROP INDEX schemas_by_url;
CREATE INDEX schemas_by_url ON schemas (url COLLATE NOCASE, is_active);
CREATE INDEX meta_by_url ON meta (url COLLATE NOCASE);
CREATE INDEX social_by_url ON social (url COLLATE NOCASE);
