import type { Db } from "../db/db";
import { randomToken } from "./crypto";

/**
 * A secret the server makes for itself, kept in app_settings under `key`: random on the first start, then the same
 * for every instance sharing the database (a keyed hash or a signature made by one instance checks out on another).
 */
export async function appSecret(db: Db, key: string): Promise<string> {
  await db.query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [key, randomToken()]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [key]);
  return rows[0]!.value;
}
