/**
 * An e-mail address as a log line may show it: the first character of the local part and the domain
 * (`a***@example.com`), enough to tell mails apart in an incident, not enough to collect addresses from a log.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}
