import path from "node:path";
import { configSchema, type Config } from "./settings";
import { readSetting, type Setting } from "./read-setting";
import { applyDerivedDefaults, rules } from "./rules";

export type { Config };
export { loadDotEnv } from "./dot-env";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}\nSee .env.example for every setting.`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;
const schema = configSchema as unknown as Setting;

/**
 * Environment, parsed once at start into a typed object, as `settings.ts` describes it. Every problem is collected
 * and reported together, so an operator fixes the whole `.env` in one go instead of one restart per mistake.
 * @param env usually `process.env`
 * @param cwd directory relative paths resolve from; npm sets INIT_CWD to where the user typed the command,
 *   so `npm run leads` (which runs inside packages/server) finds the same DATA_DIR as `npm start` at the root.
 * @param purpose `server` (the default) checks everything a start needs; `tool`, for the command-line tools that
 *   open the database and leave (staff, leads, migrate, mails), checks each setting's own value but not the rules
 *   between settings, which are about what the running server does (take payments, send mail, post leads): an
 *   operator adding a staff member on a production host is not refused for want of a mail server it never uses.
 */
export function loadConfig(env: Env = process.env, cwd: string = env.INIT_CWD || process.cwd(), purpose: "server" | "tool" = "server"): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => env[name]?.trim() || undefined;
  const read = (object: Setting): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(object.properties ?? {}).map(([key, setting]) => {
        if (setting.type === "object") return [key, read(setting)];
        const raw = text(setting.env);
        if (raw === undefined && setting.offWhenEmpty && env[setting.env] !== undefined) return [key, ""];
        const value = raw === undefined ? undefined : readSetting(setting, raw, problems);
        return [key, value ?? structuredClone(setting.default)];
      }),
    );
  const config = read(schema) as Config;
  config.dataDir = path.resolve(cwd, config.dataDir);

  const variables = configVariables();
  const isSet = (name: string) => {
    if (!variables.includes(name)) throw new Error(`${name} is no setting`);
    return text(name) !== undefined;
  };
  applyDerivedDefaults(config, isSet);
  if (purpose === "server") for (const rule of Object.values(rules)) problems.push(...rule(config, isSet));

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Every setting, in the order of `settings.ts`. */
export function settingList(object: Setting = schema): Setting[] {
  return Object.values(object.properties ?? {}).flatMap((setting) => (setting.type === "object" ? settingList(setting) : [setting]));
}

/**
 * Every environment variable the server reads: the list of settings, kept in one place. Tests check `.env.example`,
 * the Dockerfile and compose.yaml against it, so a setting there that the server would ignore (a typo, a removed
 * setting) fails.
 */
export function configVariables(): string[] {
  return settingList()
    .map((setting) => setting.env)
    .sort();
}

/** Origin of PUBLIC_URL: the site's own origin for CORS and redirect checks. */
export function siteOrigin(config: Config): string {
  return new URL(config.publicUrl).origin;
}
