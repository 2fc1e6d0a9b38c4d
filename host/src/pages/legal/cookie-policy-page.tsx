import { LegalDocument } from "./legal-document";
import en from "../../../content/legal/cookie-policy.en.md";
import nl from "../../../content/legal/cookie-policy.nl.md";

/** The cookie policy: which cookies the site uses, why, how long, and how to manage them. */
export default function CookiePolicyPage() {
  return <LegalDocument path="/cookie-policy" documents={{ nl, en }} />;
}
