import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildTestApp, nextIp, type TestApp } from "../../support/helpers";
import { syncBlog } from "../../../src/blog/sync";
import { migrate } from "../../../src/db/migrate";
import { runRetention } from "../../../src/jobs/retention";
import { blogContentDir } from "../../../src/paths";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe("blog", () => {
  it("ships at least 8 real articles, newest first, 6 per page", async () => {
    const page1 = await t.app.inject({ url: "/api/blog?page=1&limit=6" });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.success).toBe(true);
    expect(body.pagination.total).toBeGreaterThanOrEqual(8);
    expect(body.pagination).toEqual({ page: 1, limit: 6, total: body.pagination.total, pages: Math.ceil(body.pagination.total / 6) });
    expect(body.pagination.pages).toBeGreaterThanOrEqual(2);
    expect(body.posts).toHaveLength(6);
    const dates = body.posts.map((p: { created_at: string }) => p.created_at);
    expect(dates.toSorted().toReversed()).toEqual(dates);
    for (const post of body.posts) {
      expect(post).toMatchObject({ id: expect.stringMatching(/^[a-z0-9-]+$/), title: expect.any(String), author_name: expect.any(String), tags: expect.any(Array) });
      // Real articles: 300+ words each.
      expect(post.content.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length).toBeGreaterThan(300);
    }
    const page2 = (await t.app.inject({ url: "/api/blog?page=2&limit=6" })).json();
    expect(page2.posts.length).toBe(body.pagination.total - 6);
    expect(page2.posts[0].created_at <= dates[5]).toBe(true);
  });

  it("defaults to page 1 with 6 posts and answers an empty page past the end", async () => {
    expect((await t.app.inject({ url: "/api/blog" })).json().pagination).toMatchObject({ page: 1, limit: 6 });
    const past = (await t.app.inject({ url: "/api/blog?page=99" })).json();
    expect(past.posts).toEqual([]);
  });

  it.each(["page=0", "page=-1", "page=abc", "limit=0", "limit=51", "limit=2.5", "page=1e99"])("rejects %s with 400", async (query) => {
    const res = await t.app.inject({ url: `/api/blog?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("answers one post, or 404 {success:false, error:'Blog post not found'}", async () => {
    const ok = await t.app.inject({ url: "/api/blog/website-speed-optimisation" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    expect(ok.json().post).toMatchObject({ id: "website-speed-optimisation", category: "Performance", author_name: expect.any(String) });
    expect(ok.json().post.content).toMatch(/<h2>/);
    expect(ok.json().post.updated_at).not.toBe(ok.json().post.created_at);

    const missing = await t.app.inject({ url: "/api/blog/no-such-post" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: "Blog post not found", code: "blog.not_found" });
    expect((await t.app.inject({ url: "/preview/a/b/api/blog/no-such-post" })).statusCode).toBe(404);
  });

  it("lists an article once per language: the Dutch list shows its Dutch version, the others the original", async () => {
    const ids = async (query: string) =>
      ((await t.app.inject({ url: `/api/blog?limit=50${query}` })).json() as { posts: { id: string; language: string }[]; pagination: { total: number } });
    const originals = await ids("");
    const english = await ids("&language=en");
    const dutch = await ids("&language=nl");
    expect(originals.posts.map((p) => p.id)).toContain("gdpr-cookie-consent-for-small-websites");
    expect(originals.posts.map((p) => p.id)).not.toContain("avg-en-cookietoestemming-voor-kleine-websites");
    expect(english.posts).toEqual(originals.posts);
    expect(dutch.posts.map((p) => p.id)).toContain("avg-en-cookietoestemming-voor-kleine-websites");
    expect(dutch.posts.map((p) => p.id)).not.toContain("gdpr-cookie-consent-for-small-websites");
    expect(dutch.posts).toHaveLength(originals.posts.length);
    expect(dutch.pagination.total).toBe(originals.pagination.total);
    expect((await t.app.inject({ url: "/api/blog?language=de" })).statusCode).toBe(400);
  });

  it("names each post's translations, both ways", async () => {
    const post = async (id: string) => (await t.app.inject({ url: `/api/blog/${id}` })).json().post;
    expect(await post("gdpr-cookie-consent-for-small-websites")).toMatchObject({
      language: "en",
      translations: [{ id: "avg-en-cookietoestemming-voor-kleine-websites", language: "nl" }],
    });
    expect(await post("avg-en-cookietoestemming-voor-kleine-websites")).toMatchObject({
      language: "nl",
      translations: [{ id: "gdpr-cookie-consent-for-small-websites", language: "en" }],
    });
    expect(await post("website-speed-optimisation")).not.toHaveProperty("translations");
  });

  it("refuses a translation of a post that is missing, itself a translation, or already in that language", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "blog-"));
    const post = (id: string, front: string) =>
      `---\nid: ${id}\ntitle: "T"\nauthor_name: Tester\ncreated_at: 2030-01-01\n${front}\n---\nText\n`;
    try {
      writeFileSync(path.join(dir, "original.md"), post("original", "language: en"));
      writeFileSync(path.join(dir, "vertaling.md"), post("vertaling", "language: nl\ntranslation_of: nergens"));
      await expect(syncBlog(t.db, dir)).rejects.toThrow(/vertaling: 'translation_of' must name an original post, and 'nergens' is none/);
      writeFileSync(path.join(dir, "vertaling.md"), post("vertaling", "language: nl\ntranslation_of: original"));
      writeFileSync(path.join(dir, "nog-een.md"), post("nog-een", "language: nl\ntranslation_of: vertaling"));
      await expect(syncBlog(t.db, dir)).rejects.toThrow(/nog-een: 'translation_of' must name an original post, and 'vertaling' is none/);
      writeFileSync(path.join(dir, "nog-een.md"), post("nog-een", "language: nl\ntranslation_of: original"));
      await expect(syncBlog(t.db, dir)).rejects.toThrow(/'original' is already written in 'nl'/);
      writeFileSync(path.join(dir, "nog-een.md"), post("nog-een", "language: en\ntranslation_of: original"));
      await expect(syncBlog(t.db, dir)).rejects.toThrow(/'original' is already written in 'en'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await syncBlog(t.db, blogContentDir);
    }
  });

  it("syncs the folder into the database: adds, updates, removes, sanitises", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "blog-"));
    const post = (title: string, body: string) =>
      `---\nid: test-post\ntitle: "${title}"\nauthor_name: Tester\ncreated_at: 2030-01-01\ntags: [a, b]\n---\n${body}\n`;
    try {
      writeFileSync(path.join(dir, "test-post.md"), post("First", "Hello <script>alert(1)</script> **world** <a href=\"javascript:x\" onclick=\"y\">x</a>"));
      expect(await syncBlog(t.db, dir)).toMatchObject({ upserted: 1, total: 1 });
      let res = (await t.app.inject({ url: "/api/blog/test-post" })).json();
      expect(res.post.title).toBe("First");
      expect(res.post.content).toContain("<strong>world</strong>");
      expect(res.post.content).not.toMatch(/script|onclick|javascript/);
      expect(res.post.tags).toEqual(["a", "b"]);

      writeFileSync(path.join(dir, "test-post.md"), post("Second", "Changed"));
      expect(await syncBlog(t.db, dir)).toMatchObject({ upserted: 1 });
      res = (await t.app.inject({ url: "/api/blog/test-post" })).json();
      expect(res.post.title).toBe("Second");
      expect(await syncBlog(t.db, dir)).toMatchObject({ upserted: 0 });

      expect(res.post.language).toBe("en");
      writeFileSync(path.join(dir, "test-post.md"), post("Snel", "Nederlands").replace("tags:", "language: nl\ntags:"));
      await syncBlog(t.db, dir);
      expect((await t.app.inject({ url: "/api/blog/test-post" })).json().post).toMatchObject({ title: "Snel", language: "nl" });
      writeFileSync(path.join(dir, "test-post.md"), post("Snel", "Nederlands").replace("tags:", "language: de\ntags:"));
      await expect(syncBlog(t.db, dir)).rejects.toThrow(/front matter 'language' must be nl or en/);
      writeFileSync(path.join(dir, "test-post.md"), post("Second", "Changed"));

      writeFileSync(path.join(dir, "broken.md"), "---\ntitle: No author\ncreated_at: 2030-01-01\n---\nx");
      await expect(syncBlog(t.db, dir)).rejects.toThrow(/broken\.md: front matter 'author_name' is required/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await syncBlog(t.db, blogContentDir);
    }
    expect((await t.app.inject({ url: "/api/blog/test-post" })).statusCode).toBe(404);
  });
});

describe("POST /consent", () => {
  const choice = { id: "7f1c0e9a-3b7e-4c5d-9a1b-2c3d4e5f6a7b", necessary: true, analytics: false, marketing: true, version: 1, timestamp: "2025-06-01T12:00:00.000Z" };

  it("stores a proof-of-consent record with a hash of the IP, not the IP", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/consent", payload: choice, remoteAddress: "203.0.113.7" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const { rows } = await t.db.query<Record<string, unknown>>("SELECT * FROM consent_records WHERE consent_id = $1", [choice.id]);
    expect(rows[0]).toMatchObject({ necessary: true, analytics: false, marketing: true, version: 1, ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
    expect(JSON.stringify(rows[0])).not.toContain("203.0.113.7");
  });

  it.each([
    ["necessary false", { necessary: false }],
    ["bad uuid", { id: "abc" }],
    ["bad timestamp", { timestamp: "yesterday" }],
    ["string boolean", { analytics: "yes" }],
    ["missing version", { version: undefined }],
  ])("rejects %s", async (_label, change) => {
    const res = await t.app.inject({ method: "POST", url: "/api/consent", payload: { ...choice, ...change }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

describe("retention", () => {
  /** A quote request whose sender was last in contact `lastContact` (an SQL interval) ago. */
  const insertContact = (email: string, lastContact: string) =>
    t.db.query(
      `INSERT INTO contact_requests (name, email, country_code, phone, project_type, budget_range, timeline, domain_status, language, ip_hash, last_contact_at)
       VALUES ('R', $1, '+31', '0612345678', 'other', '4000+', 'asap', 'need-help', 'nl', 'h', now() - $2::interval)`,
      [email, lastContact],
    );

  it("deletes quote requests 2 years after last contact, expired sessions and reset tokens", async () => {
    const user = (await t.db.query<{ id: string }>("INSERT INTO users (email, name, password_hash) VALUES ('ret@example.com', 'R', 'x') RETURNING id")).rows[0]!.id;
    await insertContact("r-old@example.com", "2 years 1 day");
    await insertContact("r@example.com", "1 year 11 months");
    await t.db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('old', $1, now() - interval '1 minute'), ('live', $1, now() + interval '1 day')", [user]);
    await t.db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('old', $1, now() - interval '1 minute'), ('live', $1, now() + interval '1 hour')", [user]);

    const removed = await runRetention(t.db);
    expect(removed).toMatchObject({ contactRequests: 1, sessions: 1, passwordResets: 1 });
    const left = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_requests WHERE email = 'r@example.com'");
    expect(left.rows[0]!.n).toBe(1);
    expect((await t.db.query("SELECT token_hash FROM sessions WHERE user_id = $1", [user])).rows).toEqual([{ token_hash: "live" }]);
    expect((await t.db.query("SELECT token_hash FROM password_resets WHERE user_id = $1", [user])).rows).toEqual([{ token_hash: "live" }]);
  });

  it("keeps an old quote request while its sender's last contact is younger than 2 years", async () => {
    await insertContact("returning@example.com", "3 years");
    await insertContact("returning@example.com", "6 months");
    await insertContact("gone@example.com", "3 years");
    await insertContact("gone@example.com", "2 years 1 month");

    await runRetention(t.db);
    const left = await t.db.query<{ email: string; n: number }>(
      "SELECT email, count(*)::int AS n FROM contact_requests WHERE email IN ('returning@example.com', 'gone@example.com') GROUP BY email",
    );
    expect(left.rows).toEqual([{ email: "returning@example.com", n: 2 }]);
  });

  it("runs at start", async () => {
    await t.db.query(
      `INSERT INTO contact_requests (name, email, country_code, phone, project_type, budget_range, timeline, domain_status, language, ip_hash, last_contact_at, notified_at)
       VALUES ('Old', 'old@example.com', '+31', '0612345678', 'other', '4000+', 'asap', 'need-help', 'nl', 'h', now() - interval '3 years', now())`,
    );
    const second = await buildTestApp({ db: t.db, jobs: true });
    await second.app.settle();
    await second.close();
    expect((await t.db.query("SELECT 1 FROM contact_requests WHERE email = 'old@example.com'")).rows).toHaveLength(0);
  });
});

describe("migrations", () => {
  it("apply once: a second run applies nothing and every file is recorded", async () => {
    expect(await migrate(t.db)).toEqual([]);
    const { rows } = await t.db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(["0001-accounts.sql", "0002-contact-requests.sql", "0003-blog-posts.sql", "0004-consent-records.sql"]));
  });

  it("two concurrent runs apply a new file exactly once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    try {
      writeFileSync(path.join(dir, "0001-counter.sql"), "CREATE TABLE migration_counter (n integer); INSERT INTO migration_counter VALUES (1);");
      const results = await Promise.all([migrate(t.db, dir), migrate(t.db, dir)]);
      expect(results.flat()).toEqual(["0001-counter.sql"]);
      expect((await t.db.query("SELECT n FROM migration_counter")).rows).toEqual([{ n: 1 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.db.exec("DROP TABLE IF EXISTS migration_counter; DELETE FROM schema_migrations WHERE name = '0001-counter.sql'");
    }
  });

  it("a failing migration rolls back and names the file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    try {
      writeFileSync(path.join(dir, "0099-bad.sql"), "CREATE TABLE half_done (n integer); SELECT no_such_function();");
      await expect(migrate(t.db, dir)).rejects.toThrow(/Migration 0099-bad\.sql failed/);
      expect((await t.db.query("SELECT to_regclass('half_done') AS t")).rows).toEqual([{ t: null }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("blog list cache", () => {
  it("answers from memory until the content is synced again", async () => {
    const first = await t.app.inject({ url: "/api/blog?page=1&limit=6" });
    const { id, title } = first.json().posts[0];
    await t.db.query("UPDATE blog_posts SET title = 'Changed behind the cache' WHERE id = $1", [id]);
    try {
      const cached = await t.app.inject({ url: "/api/blog?page=1&limit=6" });
      expect(cached.body).toBe(first.body);
      expect(cached.headers["content-type"]).toMatch(/application\/json/);
      // A sync (what start-up does) drops the cached answers.
      await syncBlog(t.db, blogContentDir);
      const fresh = await t.app.inject({ url: "/api/blog?page=1&limit=6" });
      expect(fresh.json().posts[0].title).toBe("Changed behind the cache");
    } finally {
      await t.db.query("UPDATE blog_posts SET title = $2 WHERE id = $1", [id, title]);
      await syncBlog(t.db, blogContentDir);
    }
  });
});
