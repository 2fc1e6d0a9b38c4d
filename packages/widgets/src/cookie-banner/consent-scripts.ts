import type { ConsentChoice } from "./consent";

function allowed(category: string, consent: ConsentChoice): boolean {
  if (category === "necessary") return true;
  if (category === "analytics") return consent.analytics;
  if (category === "marketing") return consent.marketing;
  // An unknown category was never consented to.
  return false;
}

/**
 * Runs the page's held-back scripts (`<script type="text/plain" data-consent="analytics">`) whose categories are
 * all consented to. A browser never runs a script whose type it changed later, so each one is replaced by a fresh
 * copy; that copy has no text/plain type, so a later call leaves it alone. Scripts cannot be un-run: a page that
 * must react to withdrawn consent listens for `agency-consent-change`.
 */
export function activateConsentScripts(consent: ConsentChoice, root: ParentNode = document): void {
  for (const held of root.querySelectorAll<HTMLScriptElement>('script[type="text/plain"][data-consent]')) {
    const categories = (held.dataset.consent ?? "").split(/\s+/).filter(Boolean);
    if (categories.length === 0 || !categories.every((c) => allowed(c, consent))) continue;
    const script = document.createElement("script");
    for (const { name, value } of Array.from(held.attributes)) {
      if (name !== "type") script.setAttribute(name, value);
    }
    // `data-type="module"` keeps a module a module once it runs.
    if (held.dataset.type) script.type = held.dataset.type;
    // The nonce attribute reads as empty once parsed; the property keeps it, and a strict CSP needs it.
    if (held.nonce) script.nonce = held.nonce;
    script.text = held.text;
    held.replaceWith(script);
  }
}
