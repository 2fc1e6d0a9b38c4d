import type { TSchema } from "@agency/contract/schemas";

/** What a setting's schema says besides TypeBox's own keywords; settings.ts explains each. */
export interface SettingOptions {
  env: string;
  description: string;
  secret?: boolean;
  example?: string;
  error?: string;
  protocols?: string[];
  /** Set but empty means off (the value ''), where unset means the default. */
  offWhenEmpty?: boolean;
  spelling?: [whenTrue: string, whenFalse: string];
  shown?: number;
  decode?: (text: string) => unknown;
  section?: string;
}

/** A setting's schema as this reader sees it: the JSON Schema keywords TypeBox writes, and the options above. */
export type Setting = TSchema &
  SettingOptions & {
    type?: "integer" | "string" | "boolean" | "array" | "object";
    enum?: string[];
    anyOf?: Setting[];
    items?: Setting;
    properties?: Record<string, Setting>;
    minimum?: number;
    maximum?: number;
    minLength?: number;
    pattern?: string;
    default?: unknown;
  };

/** A part that fails: what it must be instead. */
type Wrong = { mustBe: string };

/**
 * The value of one setting from its variable's text. A wrong text adds a problem that names the variable, says what
 * it must be and shows what it got (a secret not at all, a URL without its password); the setting then takes its
 * default, except a text setting, which keeps the text so the cross-checks judge what the operator wrote.
 */
export function readSetting(setting: Setting, text: string, problems: string[]): unknown {
  const wrong = (part: string, mustBe: string) => problems.push(`${setting.env} ${mustBe}${shown(setting, part)}`);
  if (setting.type === "array") {
    const values: unknown[] = [];
    for (const item of text.split(",").map((part) => part.trim())) {
      if (!item) continue;
      const read = parse(setting.items!, item);
      if (isWrong(read)) wrong(item, setting.error ?? read.mustBe);
      else values.push(read);
    }
    return values;
  }
  const read = parse(setting, text);
  if (!isWrong(read)) return read;
  wrong(text, setting.error ?? read.mustBe);
  return setting.type === "string" ? text : undefined;
}

function parse(setting: Setting, text: string): unknown {
  const value = check(setting, text);
  return isWrong(value) || !setting.decode ? value : setting.decode(text);
}

function check(setting: Setting, text: string): unknown {
  if (setting.anyOf) {
    const value = setting.anyOf.map((branch) => check(branch, text)).find((read) => !isWrong(read));
    return value ?? { mustBe: setting.error ?? "is not valid" };
  }
  if (setting.enum) return setting.enum.includes(text) ? text : { mustBe: `must be one of ${setting.enum.join(", ")}` };
  if (setting.type === "boolean") {
    const spelling = setting.spelling ?? ["true", "false"];
    return spelling.includes(text) ? text === spelling[0] : { mustBe: `must be one of ${spelling.join(", ")}` };
  }
  if (setting.type === "integer") {
    const { minimum = 0, maximum } = setting;
    const n = Number(text);
    if (/^\d+$/.test(text) && n >= minimum && n <= (maximum ?? Infinity)) return n;
    return { mustBe: maximum === undefined ? `must be a whole number of at least ${minimum}` : `must be an integer between ${minimum} and ${maximum}` };
  }
  if (setting.protocols) return checkUrl(text, setting.protocols);
  const fits = (setting.pattern === undefined || new RegExp(setting.pattern).test(text)) && text.length >= (setting.minLength ?? 0);
  return fits ? text : { mustBe: `must match ${setting.pattern ?? `at least ${setting.minLength} characters`}` };
}

function checkUrl(text: string, protocols: string[]): string | Wrong {
  let protocol: string;
  try {
    protocol = new URL(text).protocol;
  } catch {
    return { mustBe: `must be a URL like ${protocols[0]}//host:port` };
  }
  return protocols.includes(protocol) ? text : { mustBe: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}` };
}

function isWrong(read: unknown): read is Wrong {
  return typeof read === "object" && read !== null && "mustBe" in read;
}

function shown(setting: Setting, text: string): string {
  if (setting.protocols ?? setting.items?.protocols) return `, got '${redact(text)}'`;
  if (setting.secret) return "";
  return `, got '${setting.shown ? `${text.slice(0, setting.shown)}…` : text}'`;
}

/** Keeps passwords in connection URLs out of error messages and logs. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@/]*@/, "//$1:***@");
}
