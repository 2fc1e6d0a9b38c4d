import { randomUUID } from "node:crypto";
import { migrate } from "../../src/db/migrate";
import { runRetention } from "../../src/jobs/retention";
import { createTestDb } from "../support/helpers";
import { PREVIOUS_RELEASE_QUERIES } from "../support/fixtures/previous-release-queries";

/**
 * Migrations expand, then contract: during an upgrade the previous release's instances keep running against the new
 * schema, so nothing they use may be gone yet.
 */

let owned: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  owned = await createTestDb();
  await migrate(owned.db);
});
afterAll(async () => owned?.cleanup());

async function runPreviousRelease(): Promise<void> {
  const email = `upgrade-${randomUUID()}@example.com`;
  const { rows } = await owned.db.query<{ id: string }>(
    "INSERT INTO users (email, name, password_hash, locale) VALUES ($1, 'Upgrade', 'x', 'en') RETURNING id",
    [email],
  );
  const ids = { userId: rows[0]!.id, email, ipHash: `ip-${randomUUID()}` };
  for (const query of PREVIOUS_RELEASE_QUERIES) {
    await expect(owned.db.query(query.sql, query.params(ids)), query.from).resolves.toBeDefined();
  }
}

describe("an upgrade keeps the previous release working", () => {
  it("every query of the previous release runs on the migrated schema", async () => {
    await runPreviousRelease();
  });

  it("a database an earlier 0014 stripped of login_failures gets it back", async () => {
    await owned.db.exec("DROP TABLE login_failures");
    await owned.db.query("DELETE FROM schema_migrations WHERE name = '0030-login-failures-kept.sql'");
    expect(await migrate(owned.db)).toEqual(["0030-login-failures-kept.sql"]);
    await runPreviousRelease();
  });

  it("the retention job prunes the failed logins old instances left after a day, not before", async () => {
    await owned.db.query("INSERT INTO login_failures (email, ip_hash, created_at) VALUES ('old@example.com', 'h', now() - interval '2 days')");
    await owned.db.query("INSERT INTO login_failures (email, ip_hash) VALUES ('new@example.com', 'h')");
    const result = await runRetention(owned.db);
    expect(result?.loginFailures).toBe(1);
    const { rows } = await owned.db.query<{ email: string }>("SELECT email FROM login_failures WHERE ip_hash = 'h'");
    expect(rows.map((row) => row.email)).toEqual(["new@example.com"]);
  });
});
