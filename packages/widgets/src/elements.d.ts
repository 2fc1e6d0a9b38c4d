/**
 * Types for the agency-* elements: `document.querySelector("agency-login")` is typed, and React (19) code can
 * write <agency-login view="register" /> with checked attributes.
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";

interface CommonAttributes {
  /** "nl" | "en"; overrides AgencyWidgets.configure({ locale }) and the URL. */
  locale?: "nl" | "en";
  /** API base URL, e.g. "https://agency.example/api"; overrides AgencyWidgets.configure({ apiBase }). */
  "api-base"?: string;
}

export interface AgencyElementAttributes {
  "agency-quote-form": CommonAttributes & { source?: string };
  "agency-pricing": CommonAttributes & { "contact-href"?: string; "show-included"?: boolean | "true" | "false" | "" };
  "agency-login": CommonAttributes & { view?: "login" | "register" | "forgot"; "redirect-to"?: string };
  "agency-subscribe": CommonAttributes & {
    "success-url"?: string;
    "cancel-url"?: string;
    "pricing-href"?: string;
    "contact-href"?: string;
  };
  "agency-settings": CommonAttributes;
  "agency-cookie-banner": CommonAttributes & { "policy-version"?: number | string; "policy-href"?: string };
}

type ElementProps<T extends keyof AgencyElementAttributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  AgencyElementAttributes[T];

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "agency-quote-form": ElementProps<"agency-quote-form">;
      "agency-pricing": ElementProps<"agency-pricing">;
      "agency-login": ElementProps<"agency-login">;
      "agency-subscribe": ElementProps<"agency-subscribe">;
      "agency-settings": ElementProps<"agency-settings">;
      "agency-cookie-banner": ElementProps<"agency-cookie-banner">;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "agency-quote-form": HTMLElement;
    "agency-pricing": HTMLElement;
    "agency-login": HTMLElement;
    "agency-subscribe": HTMLElement;
    "agency-settings": HTMLElement;
    "agency-cookie-banner": HTMLElement;
  }
}
