import type { WithdrawalUndoResponse } from "@agency/contract";
import { apiErrorMessage, withdrawalsApi } from "@agency/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type State = { name: "asking" } | { name: "working" } | { name: "done"; answer: WithdrawalUndoResponse } | { name: "failed"; reason: string };

/**
 * The acknowledgement's link for an owner who did not send a statement of withdrawal. It asks before it acts: mail
 * scanners open links, and only a click here undoes the statement.
 */
export default function WithdrawUndoPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ name: "asking" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.name === "done" || state.name === "failed") heading.current?.focus();
  }, [state.name]);

  async function undo() {
    setState({ name: "working" });
    try {
      setState({ name: "done", answer: await withdrawalsApi.undoWithdrawal(hostApi(locale), token) });
    } catch (error) {
      setState({ name: "failed", reason: apiErrorMessage(error, i18n) ?? t`Something went wrong. Please try again later.` });
    }
  }

  return (
    <div className="page page--narrow">
      <PageMeta title={t`Undo a withdrawal`} description={t`Undo a statement of withdrawal you did not send.`} locale={locale} path="/withdraw/undo" noindex />
      {state.name === "done" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            {state.answer.outcome === "nothing_to_undo" || state.answer.outcome === "refunded" ? <Trans>Nothing to undo</Trans> : <Trans>Withdrawal undone</Trans>}
          </h1>
          <p className="page__lead">{state.answer.message}</p>
          <div className="actions">
            <Link to="/dashboard/settings" className="ag-button">
              <Trans>Go to your account settings</Trans>
            </Link>
          </div>
        </>
      ) : state.name === "failed" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            <Trans>This link cannot be used</Trans>
          </h1>
          <p className="notice notice--error">{state.reason}</p>
        </>
      ) : (
        <>
          <h1 className="page__title">
            <Trans>Undo a withdrawal you did not send</Trans>
          </h1>
          <p className="page__lead">
            <Trans>
              Someone sent a statement of withdrawal with your e-mail address. If that was not you, undo it here: a statement not yet
              carried out, or a cancellation at the end of the period, is undone and your subscription runs on as before. Once a
              refund has been paid, the subscription stays ended and you can subscribe again.
            </Trans>
          </p>
          <div className="actions">
            <button type="button" className="ag-button" disabled={!token || state.name === "working"} aria-busy={state.name === "working"} onClick={() => void undo()}>
              <Trans>Undo the withdrawal</Trans>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
