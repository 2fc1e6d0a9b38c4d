import { LegalDocument } from "./legal-document";
import en from "../../../content/legal/privacy-policy.en.md";
import nl from "../../../content/legal/privacy-policy.nl.md";

/** The privacy policy: what we collect, why, how long we keep it and the visitor's rights. */
export default function PrivacyPolicyPage() {
  return <LegalDocument path="/privacy-policy" documents={{ nl, en }} />;
}
