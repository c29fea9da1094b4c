-- Schemas, meta tags and social tags, keyed as the API keys them: schemas by id, tags by exact page URL.
CREATE TABLE schemas (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  url TEXT NOT NULL,
  schema_type TEXT NOT NULL,
  schema_name TEXT NOT NULL,
  schema_data TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX schemas_by_url ON schemas (url, is_active);
CREATE INDEX schemas_by_type ON schemas (schema_type);

CREATE TABLE meta (
  url TEXT PRIMARY KEY,
  title TEXT,
  description TEXT,
  robots TEXT,
  canonical TEXT,
  keywords TEXT,
  updated_at TEXT NOT NULL
);

-- Social tags as one JSON object per URL: the field set is fixed by the API, never queried by field.
CREATE TABLE social (
  url TEXT PRIMARY KEY,
  tags TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
