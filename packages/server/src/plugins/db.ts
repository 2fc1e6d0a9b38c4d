import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { createDb, type Db } from "../db/db";
import { migrate } from "../db/migrate";

export type { Db } from "../db/db";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * `app.db`: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Migrations run before the app
 * accepts requests. A Db passed in (tests) is migrated but not closed, because its owner reuses it.
 */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { db?: Db }) {
    const db = opts.db ?? (await createDb(app.config));
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ applied }, "database migrations applied");
    } catch (error) {
      if (!opts.db) await db.close();
      throw error;
    }
    app.decorate("db", db);
    if (!opts.db) app.addHook("onClose", async () => db.close());
  },
  { name: "db", dependencies: ["config"] },
);
