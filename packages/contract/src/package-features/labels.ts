import type { MessageDescriptor } from "@lingui/core";
import type { PackageId } from "../pricing";

/**
 * What each package includes, for the pricing table that offers it, the offer that sells it and the signed offer's
 * document. The texts live in this folder's own catalog (package-features/locales), which the pricing element loads
 * with its own and the server reads at start.
 */
export const PACKAGE_FEATURES: Record<PackageId, readonly MessageDescriptor[]> = {
  starter: [
    /*i18n*/ { id: "package.starter.pages", message: "Up to 5 pages" },
    /*i18n*/ { id: "package.starter.blog", message: "Blog" },
    /*i18n*/ { id: "package.starter.contact_form", message: "Contact form" },
    /*i18n*/ { id: "package.starter.responsive", message: "Mobile responsive" },
    /*i18n*/ { id: "package.starter.seo", message: "Basic SEO" },
    /*i18n*/ { id: "package.starter.maintenance", message: "Monthly maintenance" },
  ],
  professional: [
    /*i18n*/ { id: "package.professional.pages", message: "6-10 pages" },
    /*i18n*/ { id: "package.professional.custom_feature", message: "1 custom feature of choice" },
    /*i18n*/ { id: "package.professional.languages", message: "Multi-language" },
    /*i18n*/ { id: "package.professional.seo", message: "Advanced SEO" },
    /*i18n*/ { id: "package.professional.speed", message: "Speed optimisation" },
    /*i18n*/ { id: "package.professional.support", message: "Priority support" },
  ],
  enterprise: [
    /*i18n*/ { id: "package.enterprise.pages", message: "Unlimited pages" },
    /*i18n*/ { id: "package.enterprise.languages", message: "Multi-language" },
    /*i18n*/ { id: "package.enterprise.webshop", message: "Payment system and webshop" },
    /*i18n*/ { id: "package.enterprise.custom", message: "Custom development" },
    /*i18n*/ { id: "package.enterprise.updates", message: "4 hours content updates per month" },
    /*i18n*/ { id: "package.enterprise.manager", message: "Dedicated account manager" },
  ],
};
