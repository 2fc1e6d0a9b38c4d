import {
  basePathFrom,
  formatDate,
  formatDateTime,
  isEmail,
  isWithdrawalReference,
  WITHDRAWAL_REFERENCE_MAX_LENGTH,
  type WithdrawalStatusResponse,
} from "@agency/contract";
import { apiErrorMessage, useSession, withdrawalsApi } from "@agency/core";
import { FormAlert, formCatalog, TextField, useForm } from "@agency/ui/form";
import "@agency/ui/styles/form.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import "./withdraw.css";

// This module is also an island's own chunk (site-islands.ts), which brings the page's texts with it.
loadCatalog(formCatalog);
loadCatalog({ nl, en });

type Step = "details" | "confirm" | "done";
type Contract = WithdrawalStatusResponse["contract"];

/**
 * The two steps of Art. 11a: the details that identify the contract (filled in for a signed-in customer), then one
 * button that confirms the withdrawal. The server answers the same whether or not the address has an account; its
 * acknowledgement goes to that account's own address.
 */
export function WithdrawalForm() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { user, isAuthenticated } = useSession();
  const [step, setStep] = useState<Step>("details");
  const [contract, setContract] = useState<Contract>(null);
  const [receivedAt, setReceivedAt] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  // One form in two steps: submitting the details checks them and moves on; submitting the second step sends them.
  const form = useForm({
    initial: { name: "", email: "", reference: "" },
    validate: ({ name, email, reference }) => ({
      ...(name.trim() ? {} : { name: t`Please enter your name` }),
      ...(isEmail(email.trim()) ? {} : { email: t`Please enter the e-mail address of your account` }),
      ...(isWithdrawalReference(reference.trim()) ? {} : { reference: t`Use only letters, digits and dashes` }),
    }),
    onSubmit: async ({ name, email, reference }) => {
      if (step === "details") return setStep("confirm");
      const answer = await withdrawalsApi.withdraw(hostApi(locale), {
        name: name.trim(),
        email: email.trim(),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        language: locale,
        basePath: basePathFrom(window.location.pathname),
      });
      setReceivedAt(answer.received_at);
      setStep("done");
    },
    onError: (error) => apiErrorMessage(error, i18n) ?? t`Your statement could not be sent. Please try again.`,
  });
  const { values, fillIn } = form;

  // Signed in: the details are the account's, and the form can say what confirming will do to its contract.
  // Filled in once the server has answered, not in the first render: that must match the server's empty form.
  useEffect(() => {
    if (!isAuthenticated || !user) return;
    let current = true;
    const answered = (found: Contract) => {
      if (!current) return;
      fillIn({ name: user.name, email: user.email });
      setContract(found);
    };
    withdrawalsApi.getMyContract(hostApi(locale)).then(answered, () => answered(null));
    return () => {
      current = false;
    };
  }, [isAuthenticated, user, locale, fillIn]);

  useEffect(() => {
    if (step !== "details") heading.current?.focus();
  }, [step]);

  if (step === "done") {
    const when = formatDateTime(receivedAt, locale);
    return (
      <div className="withdraw__done" role="status">
        <h3 className="withdraw__step" ref={heading} tabIndex={-1}>
          <Trans>Your statement of withdrawal was received</Trans>
        </h3>
        <p>
          <Trans>We received it on {when}.</Trans>
        </p>
        <p>
          <Trans>
            If the details belong to an account with us, a confirmation is on its way to that account's e-mail address. It
            says what happens next, and how to undo the statement if you did not send it.
          </Trans>
        </p>
      </div>
    );
  }

  if (step === "confirm") {
    return (
      <form className="withdraw__confirm" noValidate onSubmit={form.submit}>
        <h3 className="withdraw__step" ref={heading} tabIndex={-1}>
          <Trans>Step 2 of 2: confirm</Trans>
        </h3>
        <dl className="withdraw__summary">
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>{values.name.trim()}</dd>
          <dt>
            <Trans>E-mail address of your account</Trans>
          </dt>
          <dd>{values.email.trim()}</dd>
          {values.reference.trim() ? (
            <>
              <dt>
                <Trans>Order or invoice number</Trans>
              </dt>
              <dd>{values.reference.trim()}</dd>
            </>
          ) : null}
        </dl>
        <ContractNote contract={contract} />
        <FormAlert {...form.alert} />
        <div className="withdraw__actions">
          <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={() => setStep("details")}>
            <Trans>Change details</Trans>
          </button>
          <button type="submit" className="ag-button ag-button--danger" disabled={form.busy} aria-busy={form.busy}>
            {contract && !contract.within_period ? <Trans>Confirm cancellation</Trans> : <Trans>Confirm withdrawal</Trans>}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="withdraw__form" noValidate onSubmit={form.submit}>
      <h3 className="withdraw__step">
        <Trans>Step 1 of 2: which contract</Trans>
      </h3>
      <TextField label={t`Name`} {...form.field("name")} autoComplete="name" required maxLength={100} />
      <TextField
        label={t`E-mail address of your account`}
        type="email"
        {...form.field("email")}
        autoComplete="email"
        required
        hint={t`We send the confirmation to this account's address.`}
      />
      <TextField
        label={t`Order or invoice number (optional)`}
        {...form.field("reference")}
        maxLength={WITHDRAWAL_REFERENCE_MAX_LENGTH}
        hint={t`Letters, digits and dashes, as on your invoice.`}
      />
      <button type="submit" className="ag-button">
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}

/** What confirming does to a signed-in customer's contract: withdrawal within the 14 days, else cancellation at period end. */
function ContractNote({ contract }: { contract: Contract }) {
  const locale = useLocale();
  if (!contract) {
    return (
      <p className="withdraw__note">
        <Trans>By confirming, you withdraw from your contract with us. Within 14 days of its start it ends at once and you are refunded; after that it is cancelled at the end of its current period.</Trans>
      </p>
    );
  }
  const plan = contract.plan_name;
  const deadline = formatDate(contract.withdrawal_deadline, locale);
  const end = formatDate(contract.current_period_end, locale);
  return contract.within_period ? (
    <p className="withdraw__note">
      <Trans>Your {plan} subscription is within its withdrawal period (until {deadline}): confirming ends it at once, and you are refunded.</Trans>
    </p>
  ) : (
    <p className="withdraw__note">
      <Trans>The withdrawal period of your {plan} subscription ended on {deadline}. Confirming cancels it at the end of its current period, on {end}, instead.</Trans>
    </p>
  );
}
