-- The desk lists customers newest first, 50 at a time, searched or not: read in this order, a page stops early.
CREATE INDEX users_created_at_idx ON users (created_at DESC, id);
