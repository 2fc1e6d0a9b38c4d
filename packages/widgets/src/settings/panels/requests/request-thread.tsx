import { formatDateTime, REQUEST_MESSAGE_MAX_LENGTH, type RequestDetailResponse } from "@agency/contract";
import { apiErrorMessage, apiStatus, isNetworkError, requestsApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, TextAreaField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useElement } from "../../../element/element-context";
import { AllowanceSummary } from "./allowance";
import { useRequestLabels } from "./labels";
import { RequestLink } from "./request-link";

type Load = { state: "loading" } | { state: "missing" | "failed"; message: string } | { state: "loaded"; data: RequestDetailResponse };

/**
 * One request: its messages oldest first (the agency's with the minutes they took), the month's minutes, and the
 * answer form. Every text is shown as text, its line breaks kept. `focus`: the heading takes focus once shown (it
 * was opened in place, with no page navigation to move focus).
 */
export function RequestThread({ id, focus }: { id: string; focus: boolean }) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const locale = settings.locale;
  const labels = useRequestLabels();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [round, setRound] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    requestsApi.getRequest(api, id).then(
      (data) => live && setLoad({ state: "loaded", data }),
      (failure: unknown) => {
        if (!live) return;
        const message = apiErrorMessage(failure, i18n) ?? t`Failed to load this request`;
        if (apiStatus(failure) === 404) return setLoad({ state: "missing", message });
        console.error("agency-settings: the request could not be loaded", failure);
        setLoad({ state: "failed", message });
      },
    );
    return () => {
      live = false;
    };
    // Loaded again for another request or after an answer, not when the language changes.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [api, id, round]);

  const loaded = load.state === "loaded";
  useEffect(() => {
    if (loaded && focus) heading.current?.focus();
  }, [loaded, focus]);

  const form = useForm({
    initial: { message: "" },
    validate: ({ message }) => (message.trim() ? {} : { message: t`Please write your message` }),
    onSubmit: async ({ message }) => {
      await requestsApi.postMessage(api, id, message.trim());
      toast.success(t`Message sent`, { locale });
      form.reset();
      setRound((n) => n + 1);
    },
    onError: (failure) => {
      console.error("agency-settings: the message could not be sent", failure);
      return apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Your message could not be sent. Please try again.`);
    },
  });

  const back = (
    <p className="requests__back">
      <RequestLink request={null} className="ag-link">
        <Trans>All requests</Trans>
      </RequestLink>
    </p>
  );
  if (load.state === "loading") {
    return (
      <p className="settings__muted" role="status">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (load.state !== "loaded") {
    return (
      <div part="request-thread">
        {back}
        <FormAlert message={load.message} />
        {load.state === "failed" ? (
          <button type="button" className="ag-button ag-button--secondary" onClick={() => setRound((n) => n + 1)}>
            <Trans>Try again</Trans>
          </button>
        ) : null}
      </div>
    );
  }
  const { request, messages, allowance, entitled } = load.data;
  return (
    <div className="requests__thread" part="request-thread">
      {back}
      <h3 ref={heading} tabIndex={-1} className="requests__subtitle">
        {request.subject}
      </h3>
      <p className="requests__meta">
        {request.reference} · {labels.kind[request.kind]} ·{" "}
        <span className={`badge requests__status requests__status--${request.status}`}>{labels.status[request.status]}</span>
      </p>
      <ol className="requests__messages" aria-label={t`Messages`}>
        {messages.map((message, index) => {
          const minutes = message.minutes ?? 0;
          const author = message.authorName || t`Former member`;
          return (
            <li key={index} className={`requests__message requests__message--${message.from}`}>
              <p className="requests__author">
                <strong>{author}</strong> · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
                {minutes > 0 ? (
                  <>
                    {" · "}
                    <span>
                      <Trans>{minutes} minutes</Trans>
                    </span>
                  </>
                ) : null}
              </p>
              <p className="requests__body">{message.body}</p>
            </li>
          );
        })}
      </ol>
      <AllowanceSummary allowance={allowance} />
      {entitled ? (
        <form className="settings__form" noValidate onSubmit={form.submit}>
          <TextAreaField label={t`Your answer`} rows={4} maxLength={REQUEST_MESSAGE_MAX_LENGTH} {...form.field("message")} disabled={form.busy} />
          <FormAlert {...form.alert} />
          <div className="settings__actions">
            <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
              {form.busy ? <Trans>Sending...</Trans> : <Trans>Send</Trans>}
            </button>
          </div>
        </form>
      ) : (
        <p className="settings__muted">
          <Trans>Requests for content updates and support come with a subscription or package. Once your company has one, every member can send them here.</Trans>
        </p>
      )}
    </div>
  );
}
