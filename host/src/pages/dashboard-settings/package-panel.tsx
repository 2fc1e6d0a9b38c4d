import { formatDate, formatMoney, PACKAGES, vatOf, VAT_RATE, type CurrentPackageResponse, type PackageId } from "@agency/contract";
import { apiErrorMessage, offersApi } from "@agency/core";
import { Modal, toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { hostApi } from "../../lib/api";
import { useLocale } from "../../lib/use-locale";

/**
 * The company's package on the settings page: which one, since when, and, once delivered, the higher packages it
 * can move up to. Asking for one makes an upgrade offer (only the difference in startup fee, the new monthly fee
 * from the next month) that the agency sends by mail, as any offer. Nothing shows for a company without a package.
 */
export function PackagePanel() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [current, setCurrent] = useState<CurrentPackageResponse | null>(null);
  const [asking, setAsking] = useState<PackageId | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    offersApi.currentPackage(hostApi(locale)).then(
      (found) => live && setCurrent(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);

  if (!current?.package) return null;
  const held = current.package;
  const name = (id: PackageId) => PACKAGES.find((p) => p.id === id)!.name;
  const fees = (id: PackageId) => PACKAGES.find((p) => p.id === id)!.fees.EUR;
  const money = (euros: number) => formatMoney(euros, "EUR", locale, { cents: true });
  const withVat = (euros: number) => money((euros * 100 + vatOf(euros * 100, VAT_RATE)) / 100);

  async function ask(pkg: PackageId) {
    setBusy(true);
    try {
      const upgrade = await offersApi.requestUpgrade(hostApi(locale), pkg);
      setCurrent({ ...current!, upgrade, upgrades: [] });
      setAsking(null);
      toast.success(t`We received your request. You will get the offer for ${name(pkg)} by mail.`, { locale });
    } catch (error) {
      toast.error(apiErrorMessage(error, i18n) ?? t`That did not work. Please try again.`, { locale });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="package-panel" aria-labelledby="package-panel">
      <h2 id="package-panel" className="package-panel__title">
        <Trans>Your package</Trans>
      </h2>
      <p>
        {held.delivered ? (
          <Trans>
            {held.name}, since {formatDate(held.since, locale)}.
          </Trans>
        ) : (
          <Trans>
            {held.name}, ordered on {formatDate(held.since, locale)}: we are building your website.
          </Trans>
        )}
      </p>
      {current.upgrade ? (
        <p className="notice" role="status">
          <Trans>
            An upgrade to {name(current.upgrade.package)} is under way (offer {current.upgrade.number}).
          </Trans>
        </p>
      ) : null}
      {current.upgrades.length > 0 ? (
        <div className="actions">
          {current.upgrades.map((pkg) => (
            <button key={pkg} type="button" className="ag-button ag-button--secondary" onClick={() => setAsking(pkg)}>
              <Trans>Upgrade to {name(pkg)}</Trans>
            </button>
          ))}
        </div>
      ) : null}
      {asking ? (
        <Modal
          title={t`Upgrade to ${name(asking)}?`}
          onClose={() => (busy ? undefined : setAsking(null))}
          actions={
            <>
              <button type="button" className="ag-button ag-button--secondary" disabled={busy} onClick={() => setAsking(null)}>
                <Trans>Go back</Trans>
              </button>
              <button type="button" className="ag-button" disabled={busy} aria-busy={busy} onClick={() => void ask(asking)}>
                <Trans>Ask for the offer</Trans>
              </button>
            </>
          }
        >
          <p>
            <Trans>
              You pay only the difference in startup fee, {money(fees(asking).startupFee - fees(held.id).startupFee)} excluding VAT (
              {withVat(fees(asking).startupFee - fees(held.id).startupFee)} including VAT), and from the next month the monthly fee of{" "}
              {name(asking)}, {money(fees(asking).monthlyFee)} excluding VAT ({withVat(fees(asking).monthlyFee)} including VAT). We send you the
              offer by mail to accept; nothing changes until you do.
            </Trans>
          </p>
        </Modal>
      ) : null}
    </section>
  );
}
