import { formatMoney, localizedPath, type PackageId, PACKAGE_FEATURES, PACKAGES, SITE_CURRENCY } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { ElementLink, useElement } from "../element/element-context";

export interface PricingProps {
  /** Where 'Get Started' leads. Default: the agency's contact page, `/contact` (nl) or `/en/contact` (en). */
  contactHref?: string;
  /** Shows the 'What's Included' block under the packages. */
  showIncluded?: boolean;
}

/** The three packages, priced in the element's currency, each leading to the contact page. */
export function Pricing({ contactHref, showIncluded }: PricingProps) {
  const { t, i18n } = useLingui();
  const { emit, settings } = useElement();
  const { locale } = settings;
  const id = useId();
  const currency = SITE_CURRENCY[locale];
  const to = contactHref || localizedPath("/contact", locale);

  const description: Record<PackageId, string> = {
    starter: t`For starters and small businesses that want a professional presence online.`,
    professional: t`For growing businesses that want more from their website.`,
    enterprise: t`For established businesses with larger ambitions and custom needs.`,
  };

  return (
    <div className="pricing" part="pricing">
      <ul className="pricing__packages">
        {PACKAGES.map((pkg) => {
          const { startupFee, monthlyFee } = pkg.fees[currency];
          const startup = formatMoney(startupFee, currency, locale);
          const monthly = formatMoney(monthlyFee, currency, locale);
          const nameId = `${id}-${pkg.id}`;
          const detail = { id: pkg.id, name: pkg.name, startupFee, monthlyFee, currency };
          return (
            <li
              key={pkg.id}
              className={pkg.recommended ? "package package--recommended" : "package"}
              part={pkg.recommended ? "package package-recommended" : "package"}
            >
              {pkg.recommended && (
                <p className="package__badge" part="badge">
                  <Trans>Recommended</Trans>
                </p>
              )}
              <h3 className="package__name" id={nameId}>
                {pkg.name}
              </h3>
              <p className="package__description">{description[pkg.id]}</p>
              <p className="package__price">
                <span className="package__amount">{startup}</span>{" "}
                <span className="package__unit">
                  <Trans>one-time startup fee</Trans>
                </span>
              </p>
              <p className="package__monthly">
                <Trans>+ {monthly} per month</Trans>
              </p>
              <ul className="package__features">
                {PACKAGE_FEATURES[pkg.id].map((feature) => (
                  <li key={feature.id}>{i18n._(feature)}</li>
                ))}
              </ul>
              <ElementLink
                to={to}
                className="ag-button package__cta"
                part="cta"
                aria-describedby={nameId}
                onClick={(event) => {
                  // A page that handles the choice itself cancels agency-package-select; the link then stays put.
                  if (!emit("agency-package-select", detail)) event.preventDefault();
                }}
              >
                <Trans>Get Started</Trans>
              </ElementLink>
            </li>
          );
        })}
      </ul>
      <p className="pricing__note">
        <Trans>All prices exclude VAT.</Trans>
      </p>
      {showIncluded && (
        <section className="included" part="included" aria-labelledby={`${id}-included`}>
          <h3 className="included__title" id={`${id}-included`}>
            <Trans>What's Included</Trans>
          </h3>
          <ul className="included__points">
            <li>
              <h4>
                <Trans>Hosting and security</Trans>
              </h4>
              <p>
                <Trans>Fast hosting with 99.9% uptime, free SSL, daily backups and automatic updates.</Trans>
              </p>
            </li>
            <li>
              <h4>
                <Trans>Maintenance and support</Trans>
              </h4>
              <p>
                <Trans>
                  Up to 2 hours of content updates per month, with priority support on Professional and Enterprise.
                </Trans>
              </p>
            </li>
            <li>
              <h4>
                <Trans>Your website, your property</Trans>
              </h4>
              <p>
                <Trans>
                  You own your website. Unlimited revisions during development, a 30-day satisfaction guarantee after
                  launch, and cancel any time with 30 days notice.
                </Trans>
              </p>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
