-- Trigram matching for typo-tolerant product search (PGlite ships pg_trgm as a contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
