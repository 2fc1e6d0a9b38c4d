-- A post written as the translation of another (front matter `translation_of`, the original's id). The original
-- and its translations are one article in several languages: each language's blog lists the article once.
ALTER TABLE blog_posts ADD COLUMN translation_of text;
CREATE INDEX blog_posts_article_idx ON blog_posts ((coalesce(translation_of, id)));
