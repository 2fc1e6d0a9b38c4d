import { formatDate, formatMoney, localizedPath, withLinkLanguage, type Locale, type OfferAmount, type PublicOffer } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";

/** What an offer says, as its page shows it: the package, the one-time lines with and without VAT, the monthly fee, the payments and the terms. */

export const euro = (cents: number, locale: Locale) => formatMoney(cents / 100, "EUR", locale, { cents: true });

export function OfferSections({ offer, locale }: { offer: PublicOffer; locale: Locale }) {
  const { t } = useLingui();
  const money = (cents: number) => euro(cents, locale);
  const rate = offer.vatRate;
  const amountCells = (amount: OfferAmount) => (
    <>
      <td className="offer-table__amount">{money(amount.netCents)}</td>
      <td className="offer-table__amount">{money(amount.vatCents)}</td>
      <td className="offer-table__amount">{money(amount.totalCents)}</td>
    </>
  );
  return (
    <>
      <section className="offer-section" aria-labelledby="offer-package">
        <h2 id="offer-package" className="offer-section__title">
          {offer.fromPackage ? (
            <Trans>
              Upgrade from {offer.fromPackage.name} to {offer.package.name}
            </Trans>
          ) : (
            <Trans>The {offer.package.name} package</Trans>
          )}
        </h2>
        <ul className="offer-features">
          {offer.package.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>

      <section className="offer-section" aria-labelledby="offer-one-time">
        <h2 id="offer-one-time" className="offer-section__title">
          <Trans>One-time</Trans>
        </h2>
        {/* A table wider than a phone scrolls sideways, with the keyboard too. */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="offer-table-wrap" role="region" aria-labelledby="offer-one-time" tabIndex={0}>
          <table className="offer-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Description</Trans>
                </th>
                <th scope="col" className="offer-table__amount">
                  <Trans>Excl. VAT</Trans>
                </th>
                <th scope="col" className="offer-table__amount">
                  <Trans>VAT {rate}%</Trans>
                </th>
                <th scope="col" className="offer-table__amount">
                  <Trans>Incl. VAT</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {offer.lines.map((line, i) => (
                <tr key={i}>
                  <td>{line.description}</td>
                  {amountCells(line)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">
                  <Trans>Total one-time</Trans>
                </th>
                {amountCells(offer.oneTime)}
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section className="offer-section" aria-labelledby="offer-monthly">
        <h2 id="offer-monthly" className="offer-section__title">
          <Trans>Monthly fee</Trans>
        </h2>
        <p>
          <Trans>
            {money(offer.monthly.netCents)} excluding VAT ({money(offer.monthly.totalCents)} including {rate}% VAT) a month for hosting,
            maintenance and support, from the first day of the month after delivery, collected by SEPA Direct Debit at the start of each
            month.
          </Trans>
        </p>
      </section>

      <section className="offer-section" aria-labelledby="offer-payment">
        <h2 id="offer-payment" className="offer-section__title">
          <Trans>Payment</Trans>
        </h2>
        <dl className="offer-payment">
          <dt>
            <Trans>Deposit, due now ({offer.terms.depositPercent}%)</Trans>
          </dt>
          <dd>
            <Trans>
              {money(offer.deposit.totalCents)} including VAT ({money(offer.deposit.netCents)} excluding VAT)
            </Trans>
          </dd>
          <dt>
            <Trans>Balance, at delivery</Trans>
          </dt>
          <dd>
            <Trans>
              {money(offer.balance.totalCents)} including VAT, to be paid within {offer.terms.paymentTermDays} days
            </Trans>
          </dd>
        </dl>
      </section>

      <section className="offer-section" aria-labelledby="offer-terms">
        <h2 id="offer-terms" className="offer-section__title">
          <Trans>Terms</Trans>
        </h2>
        <ul className="offer-terms">
          <li>
            <Trans>Prices exclude {rate}% VAT; the amounts above show it both ways.</Trans>
          </li>
          <li>
            <Trans>
              This offer is valid for {offer.terms.validityDays} days, until {formatDate(offer.expiresAt, locale)}.
            </Trans>
          </li>
          <li>
            <Trans>
              {offer.terms.depositPercent}% is paid when you accept, the rest at delivery; invoices are due within {offer.terms.paymentTermDays} days.
            </Trans>
          </li>
          <li>
            <Trans>
              Hosting has a minimum term of {offer.terms.minimumMonths} months; after that you can cancel each month with {offer.terms.noticeMonths}{" "}
              month's notice. Ending it within the minimum term makes its remaining months due at once.
            </Trans>
          </li>
        </ul>
        <p>
          <Link to={withLinkLanguage(localizedPath("/terms", locale), locale)} className="ag-link">
            {t`Read the terms and conditions`}
          </Link>
        </p>
      </section>
    </>
  );
}
