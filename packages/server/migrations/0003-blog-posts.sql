-- Blog posts are authored as Markdown in content/blog and synced in at start; this table is a read model.
CREATE TABLE blog_posts (
  id text PRIMARY KEY,
  title text NOT NULL,
  excerpt text,
  content text NOT NULL,
  category text,
  author_name text NOT NULL,
  featured_image text,
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  source_hash text NOT NULL
);
CREATE INDEX blog_posts_created_at_idx ON blog_posts (created_at DESC, id);
