import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Kept apart from the settings schema so that the container's health check, which runs every few seconds, loads
 * neither the schema library nor the contract: it needs the port and nothing else.
 */

/** The port the server listens on when PORT is unset. */
export const DEFAULT_PORT = 8080;

/**
 * Loads `.env` from `dir` (where the command was started, as for DATA_DIR) into `process.env` when the file exists.
 * Variables already set in the real environment win over the file.
 * @returns the file loaded, or undefined when there is none
 */
export function loadDotEnv(dir: string = process.env.INIT_CWD || process.cwd()): string | undefined {
  const file = path.join(dir, ".env");
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}
