-- Extensions the schema's indexes need (pg_trgm: substring search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
