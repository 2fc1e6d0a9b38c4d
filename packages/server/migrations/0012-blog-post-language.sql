-- The language a post is written in (front matter `language`, English when absent), so the site can mark it up.
ALTER TABLE blog_posts ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('nl', 'en'));
