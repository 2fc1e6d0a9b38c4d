/**
 * React 19 JSX types for the agency-* elements (`/// <reference types="@agency/widgets/react" />`): React's own props
 * for each element's interface, plus its attributes and the `on<event>` props React 19 binds on a custom element.
 * The widgets build bundles this module's declarations into dist/react.d.ts, which imports agency-widgets.d.ts.
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type {
  AgencyCookieBannerAttributes,
  AgencyElements,
  AgencyLoginAttributes,
  AgencyPricingAttributes,
  AgencyQuoteFormAttributes,
  AgencySettingsAttributes,
  AgencySubscribeAttributes,
} from "./public-api";

type Jsx<Tag extends keyof AgencyElements, Attributes> = DetailedHTMLProps<HTMLAttributes<AgencyElements[Tag]>, AgencyElements[Tag]> & Attributes;

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "agency-quote-form": Jsx<"agency-quote-form", AgencyQuoteFormAttributes>;
      "agency-pricing": Jsx<"agency-pricing", AgencyPricingAttributes>;
      "agency-login": Jsx<"agency-login", AgencyLoginAttributes>;
      "agency-subscribe": Jsx<"agency-subscribe", AgencySubscribeAttributes>;
      "agency-settings": Jsx<"agency-settings", AgencySettingsAttributes>;
      "agency-cookie-banner": Jsx<"agency-cookie-banner", AgencyCookieBannerAttributes>;
    }
  }
}
