import { LegalDocument } from "./legal-document";
import en from "../../../content/legal/terms.en.md";
import nl from "../../../content/legal/terms.nl.md";

/** The terms and conditions: quotes, payment, delivery, hosting, maintenance and liability. */
export default function TermsPage() {
  return <LegalDocument path="/terms" documents={{ nl, en }} />;
}
