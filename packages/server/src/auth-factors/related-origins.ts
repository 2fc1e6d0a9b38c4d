/**
 * How browsers read /.well-known/webauthn (WebAuthn's related origin requests): they take the listed origins in order
 * and count their registrable domain labels, the name before the public suffix ("partner" of shop.partner.co.uk, of
 * partner.nl and of partner.com alike). An origin whose label is among the first five counts; past five labels an
 * origin with a new one is skipped, and a passkey prompt on that page fails without a word. An origin without a
 * registrable domain (an IP address, localhost) is never used for passkeys at all.
 */

/** The labels a browser takes: WebAuthn asks for at least five and recommends no more, and browsers keep to five. */
export const RELATED_ORIGIN_LABELS = 5;

export interface RelatedOrigins {
  /** The origins of the list a browser lets use the site's passkeys. */
  honoured: ReadonlySet<string>;
  /** The origins whose label comes after the first five: passkeys do not work there. */
  pastLimit: string[];
}

/** The list as a browser reads it. The public suffix list (tldts, with private suffixes as browsers use them) is loaded when first needed. */
export async function readRelatedOrigins(origins: readonly string[]): Promise<RelatedOrigins> {
  const { getDomainWithoutSuffix } = await import("tldts");
  const labels: string[] = [];
  const honoured = new Set<string>();
  const pastLimit: string[] = [];
  for (const origin of origins) {
    const label = getDomainWithoutSuffix(new URL(origin).hostname, { allowPrivateDomains: true });
    if (!label) continue;
    if (!labels.includes(label)) {
      if (labels.length >= RELATED_ORIGIN_LABELS) {
        pastLimit.push(origin);
        continue;
      }
      labels.push(label);
    }
    honoured.add(origin);
  }
  return { honoured, pastLimit };
}

const read = new Map<string, Promise<RelatedOrigins>>();

/** The same, read once per list. */
export function relatedOrigins(origins: readonly string[]): Promise<RelatedOrigins> {
  const key = origins.join(" ");
  let found = read.get(key);
  if (!found) {
    found = readRelatedOrigins(origins);
    read.set(key, found);
  }
  return found;
}

/**
 * Whether the site's passkeys can sign in on a page of `origin` (the request's Origin header): on the site itself (a
 * request of its own pages may send none), and on a listed origin a browser honours.
 */
export async function passkeysWorkOn(origin: string | undefined, origins: readonly string[]): Promise<boolean> {
  if (origin === undefined || origin === origins[0]) return true;
  return (await relatedOrigins(origins)).honoured.has(origin);
}
