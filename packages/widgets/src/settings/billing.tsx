import type { Invoice } from "@agency/contract";
import { apiErrorMessage, navigation, subscriptionsApi } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useElement } from "../element/element-context";
import { Invoices } from "./invoices";

/**
 * The settings page's billing card. 'Manage billing' opens the payment provider's billing portal — card, billing
 * address and VAT number, a switch between monthly and yearly billing, invoice history — and comes back here; the
 * invoices are listed here too, each with its PDF. Shown while the customer has a subscription or any invoice.
 * Loaded only when the settings page shows a subscription, so the element's first screen does not wait for it.
 */
export default function Billing({ subscribed, canManage = true }: { subscribed: boolean; canManage?: boolean }) {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState(false);
  const locale = settings.locale;

  useEffect(() => {
    let current = true;
    subscriptionsApi
      .getInvoices(api)
      .then((list) => current && setInvoices(list))
      .catch((error: unknown) => {
        console.error("agency-settings: could not load the invoices", error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [api]);

  async function manageBilling() {
    setOpening(true);
    try {
      // The portal's way back is this very page, which the server checks like a checkout's return address.
      const url = await subscriptionsApi.openBillingPortal(api, { returnUrl: location.href.split("#")[0]!, language: locale });
      if (emit("agency-billing-portal", { url })) {
        navigation.assign(url);
        return;
      }
    } catch (error) {
      console.error("agency-settings: the billing portal could not be opened", error);
      toast.error(apiErrorMessage(error, i18n) ?? t`Billing could not be opened. Please try again later.`, { locale });
    }
    setOpening(false);
  }

  if (!subscribed && !failed && (!invoices || invoices.length === 0)) return null;
  return (
    <section className="settings__card" part="billing" aria-labelledby="settings-billing">
      <h2 id="settings-billing" className="settings__title">
        <Trans>Billing</Trans>
      </h2>
      {canManage ? (
        <p className="settings__muted settings__intro">
          <Trans>Update your card, billing address or VAT number, switch between monthly and yearly billing, and see every invoice.</Trans>
        </p>
      ) : (
        // The company's invoices, for every member; paying and changing them is for its owner and billing members.
        <p className="settings__muted settings__intro">
          <Trans>Your company's invoices. Its owner and billing members manage its payments.</Trans>
        </p>
      )}
      <div className="settings__actions" hidden={!canManage}>
        <button
          type="button"
          className="ag-button"
          part="manage-billing"
          disabled={opening}
          aria-busy={opening}
          onClick={() => void manageBilling()}
        >
          {opening ? <Trans>Opening billing...</Trans> : <Trans>Manage billing</Trans>}
        </button>
      </div>
      <Invoices invoices={invoices} failed={failed} />
    </section>
  );
}
