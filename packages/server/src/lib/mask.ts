/**
 * An e-mail address as a log line may show it: the first character of the local part and the domain
 * (`a***@example.com`), enough to tell mails apart in an incident, not enough to collect addresses from a log.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

const EMAIL_IN_TEXT = /[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[A-Za-z]{2,}/g;

/** Every e-mail address in a text masked as `maskEmail` does (a mail server's error names the recipient it refused). */
export function maskEmailsIn(text: string): string {
  return text.replace(EMAIL_IN_TEXT, maskEmail);
}

/** A value for the log with every e-mail address in its strings masked, however deep (an error's `rejected` list). */
export function maskEmailsDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return maskEmailsIn(value);
  if (depth > 5 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => maskEmailsDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskEmailsDeep(item, depth + 1)]));
}
