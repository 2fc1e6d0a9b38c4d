import { formatDate, formatDateTime, type Locale, type PackageInvoiceKind, type PublicOffer } from "@agency/contract";
import { apiErrorMessage, navigation, offersApi } from "@agency/core";
import { Modal, toast } from "@agency/ui";
import { CheckboxGroup, FormAlert, TextAreaField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { hostApi } from "../../lib/api";
import { euro } from "./offer-sections";

/**
 * What the offer's customer can do on its page: sign it (name and agreement to the terms) and go on to pay the
 * deposit, or decline it; later pay the balance, give a direct debit mandate, and fetch the invoices.
 */

export function AcceptForm({ offer, token, locale, onDeclined }: { offer: PublicOffer; token: string; locale: Locale; onDeclined: (offer: PublicOffer) => void }) {
  const { t, i18n } = useLingui();
  const [declining, setDeclining] = useState(false);
  const form = useForm({
    initial: { name: offer.customer.name, agree: [] as "yes"[] },
    validate: ({ name, agree }) => ({
      ...(name.trim() ? {} : { name: t`Please enter your name` }),
      ...(agree.includes("yes") ? {} : { form: t`Please agree to the terms and conditions to accept the offer.` }),
    }),
    onSubmit: async ({ name }) => navigation.assign(await offersApi.acceptOffer(hostApi(locale), token, { name: name.trim(), acceptTerms: true })),
    onError: (error) => apiErrorMessage(error, i18n) ?? t`The offer could not be accepted. Please try again.`,
  });
  const terms = formatDate(offer.terms.version, locale);
  return (
    <section className="offer-section offer-accept" aria-labelledby="offer-accept">
      <h2 id="offer-accept" className="offer-section__title">
        <Trans>Accept the offer</Trans>
      </h2>
      <form noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField label={t`Your name, as your signature`} autoComplete="name" maxLength={100} {...form.field("name")} />
        <CheckboxGroup
          legend={t`Agreement`}
          hideLegend
          value={form.values.agree}
          onValueChange={(agree) => form.setValue("agree", agree as "yes"[])}
          options={[{ value: "yes", label: t`I accept this offer and agree to the terms and conditions (of ${terms}).` }]}
        />
        <p className="offer-muted">
          <Trans>We keep your name with the time and the address you accept from, as the record of your signature.</Trans>
        </p>
        <div className="actions">
          <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? <Trans>Going to the payment...</Trans> : <Trans>Accept and pay the deposit of {euro(offer.deposit.totalCents, locale)}</Trans>}
          </button>
          <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={() => setDeclining(true)}>
            <Trans>Decline</Trans>
          </button>
        </div>
      </form>
      {declining ? <DeclineDialog token={token} locale={locale} onClose={() => setDeclining(false)} onDeclined={onDeclined} /> : null}
    </section>
  );
}

function DeclineDialog({ token, locale, onClose, onDeclined }: { token: string; locale: Locale; onClose: () => void; onDeclined: (offer: PublicOffer) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initial: { reason: "" },
    onSubmit: async ({ reason }) => {
      onDeclined(await offersApi.declineOffer(hostApi(locale), token, reason.trim() || undefined));
      toast.success(t`You declined the offer. Thank you for letting us know.`, { locale });
    },
    onError: (error) => apiErrorMessage(error, i18n) ?? t`That did not work. Please try again.`,
  });
  return (
    <Modal
      title={t`Decline this offer?`}
      onClose={() => (form.busy ? undefined : onClose())}
      actions={
        <>
          <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={onClose}>
            <Trans>Go back</Trans>
          </button>
          <button type="submit" form="offer-decline" className="ag-button ag-button--danger" disabled={form.busy} aria-busy={form.busy}>
            <Trans>Yes, decline</Trans>
          </button>
        </>
      }
    >
      <form id="offer-decline" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextAreaField label={t`Why? (optional)`} rows={3} maxLength={1000} {...form.field("reason")} />
      </form>
    </Modal>
  );
}

/** A button that opens a checkout: the deposit or balance due, or a direct debit mandate. */
export function CheckoutButton({ token, locale, what, children }: { token: string; locale: Locale; what: "pay" | "mandate"; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      navigation.assign(await (what === "pay" ? offersApi.payOffer : offersApi.giveMandate)(hostApi(locale), token));
    } catch (error) {
      toast.error(apiErrorMessage(error, i18n) ?? t`That did not work. Please try again.`, { locale });
      setBusy(false);
    }
  }
  return (
    <button type="button" className="ag-button" disabled={busy} aria-busy={busy} onClick={() => void open()}>
      {children}
    </button>
  );
}

/** Where the order stands: signed, paid, delivered, and what is still to do. */
export function OrderStatus({ offer, token, locale }: { offer: PublicOffer; token: string; locale: Locale }) {
  const { t } = useLingui();
  const kinds: Record<PackageInvoiceKind, string> = { deposit: t`Deposit`, balance: t`Balance`, monthly: t`Monthly fee` };
  const balance = offer.invoices.find((invoice) => invoice.kind === "balance" && invoice.status === "open");
  return (
    <section className="offer-section" aria-labelledby="offer-status">
      <h2 id="offer-status" className="offer-section__title">
        <Trans>Your order</Trans>
      </h2>
      {offer.signature ? (
        <p>
          <Trans>
            Accepted by {offer.signature.name} on {formatDateTime(offer.signature.at, locale)}.
          </Trans>
        </p>
      ) : null}
      {offer.payable === "deposit" ? (
        <div className="notice">
          <p>
            <Trans>Your order is placed once the deposit of {euro(offer.deposit.totalCents, locale)} is paid.</Trans>
          </p>
          <CheckoutButton token={token} locale={locale} what="pay">
            <Trans>Pay the deposit</Trans>
          </CheckoutButton>
        </div>
      ) : null}
      {offer.paidAt && !offer.deliveredAt ? (
        <p className="notice" role="status">
          <Trans>Thank you for your order: we received the deposit on {formatDate(offer.paidAt, locale)}. We will let you know when your website is delivered.</Trans>
        </p>
      ) : null}
      {offer.deliveredAt ? (
        <p className="notice" role="status">
          <Trans>Delivered on {formatDate(offer.deliveredAt, locale)}.</Trans>{" "}
          {offer.monthlyFrom ? <Trans>The monthly fee runs from {formatDate(offer.monthlyFrom, locale)}.</Trans> : null}
        </p>
      ) : null}
      {balance ? (
        <div className={balance.overdue ? "notice notice--error" : "notice"}>
          <p>
            {balance.overdue ? (
              <Trans>
                The balance of {euro(balance.totalCents, locale)} (invoice {balance.number}) was due on {formatDate(balance.dueAt!, locale)}.
              </Trans>
            ) : (
              <Trans>
                The balance of {euro(balance.totalCents, locale)} (invoice {balance.number}) is due by {formatDate(balance.dueAt!, locale)}.
              </Trans>
            )}
          </p>
          <CheckoutButton token={token} locale={locale} what="pay">
            <Trans>Pay the balance</Trans>
          </CheckoutButton>
        </div>
      ) : null}
      {offer.needsMandate ? (
        <div className="notice">
          <p>
            <Trans>
              The monthly fee is collected by SEPA Direct Debit. You paid by card, so please give us a direct debit mandate (with iDEAL or your
              IBAN).
            </Trans>
          </p>
          <CheckoutButton token={token} locale={locale} what="mandate">
            <Trans>Give a direct debit mandate</Trans>
          </CheckoutButton>
        </div>
      ) : null}
      {offer.invoices.length > 0 ? (
        <>
          <h3 className="offer-section__subtitle">
            <Trans>Invoices</Trans>
          </h3>
          <ul className="offer-invoices">
            {offer.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={invoice.pdfUrl} className="ag-link" target="_blank" rel="noopener">
                  <Trans>
                    Invoice {invoice.number} (PDF)
                  </Trans>
                </a>{" "}
                · {kinds[invoice.kind]} · {formatDate(invoice.issuedAt, locale)} · {euro(invoice.totalCents, locale)} ·{" "}
                {invoice.status === "paid" ? t`Paid` : invoice.overdue ? t`Overdue` : t`Open`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
