import { formatDateTime, REPLY_MINUTES_MAX, REQUEST_STATUSES, type DeskRequestResponse, type RequestStatus } from "@agency/contract";
import { deskApi, deskRequestsApi } from "@agency/core";
import { Spinner, toast } from "@agency/ui";
import { SelectField, TextAreaField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { useRequestLabels } from "./request-labels";
import "./requests.css";

/**
 * One customer request: who asked, their company's package and minutes this month, the whole thread (every text
 * shown as text), the answer with the minutes it took and the status it leaves the request in, and its owner.
 */
export default function RequestView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const id = useParams().id ?? "";
  const detail = useLoaded(`request ${id}`, () => deskRequestsApi.getQueueRequest(api, id));
  const loaded = detail.value.state === "done" ? detail.value.data : null;

  return (
    <div className="desk-view">
      <PageMeta title={loaded?.request.subject ?? t`Request`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/requests" noindex />
      <p>
        <Link to={to("/requests")} className="ag-link">
          <Trans>Back to the requests</Trans>
        </Link>
      </p>
      {/* There from the start, so a navigation's focus lands on it and stays while the request loads. */}
      <div className="desk-view__heading">
        <h1 className="desk-view__title">{loaded?.request.subject ?? t`Request`}</h1>
      </div>
      {detail.value.state === "loading" ? <Spinner label={t`Loading the request...`} /> : null}
      {detail.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(detail.value.error, i18n, t`The request could not be loaded.`)}
        </p>
      ) : null}
      {/* Made anew with each change, so its forms show the request as it is now. */}
      {loaded ? (
        <RequestDetail key={`${loaded.request.status}|${loaded.request.owner?.id}|${loaded.request.lastMessageAt}`} data={loaded} onChange={detail.replace} />
      ) : null}
    </div>
  );
}

function RequestDetail({ data, onChange }: { data: DeskRequestResponse; onChange: (data: DeskRequestResponse) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const labels = useRequestLabels();
  const { request, messages, allowance } = data;
  const [staff, setStaff] = useState<{ id: string; email: string }[]>([]);
  useEffect(() => {
    deskApi.listStaff(api).then(setStaff, () => setStaff([]));
  }, [api]);
  const statusOptions = REQUEST_STATUSES.map((value) => ({ value, label: labels.status[value] }));
  const toastFailure = (error: unknown) => {
    toast.error(failureText(error, i18n, t`That did not work. Please try again.`), { locale });
    return {};
  };

  const replyForm = useForm({
    initial: { message: "", minutes: "", status: "waiting" as string },
    validate: ({ message, minutes }) => {
      const spent = Number(minutes);
      return {
        ...(message.trim() ? {} : { message: t`Please write your answer` }),
        ...(minutes !== "" && Number.isInteger(spent) && spent >= 0 && spent <= REPLY_MINUTES_MAX
          ? {}
          : { minutes: t`Minutes spent: a whole number from 0 to ${REPLY_MINUTES_MAX}` }),
      };
    },
    onSubmit: async ({ message, minutes, status }) => {
      onChange(await deskRequestsApi.reply(api, request.id, { message: message.trim(), minutes: Number(minutes), status: status as RequestStatus }));
      replyForm.reset();
      toast.success(t`Answer sent; the customer is mailed.`, { locale });
    },
    onError: toastFailure,
  });
  const manageForm = useForm({
    initial: { status: request.status as string, owner: request.owner?.id ?? "" },
    onSubmit: async ({ status, owner }) => {
      onChange(await deskRequestsApi.updateRequest(api, request.id, { status: status as RequestStatus, ownerId: owner || null }));
      toast.success(t`Saved`, { locale });
    },
    onError: toastFailure,
  });
  const { usedMinutes: used, includedMinutes: included } = allowance;

  return (
    <>
      <p className="desk-view__lead">
        {request.reference} · {labels.kind[request.kind]} · <span className={`desk-status desk-status--${request.status}`}>{labels.status[request.status]}</span>
        {request.overdue ? (
          <>
            {" "}
            <span className="desk-status desk-status--overdue">{t`Overdue`}</span>
          </>
        ) : null}
      </p>
      <dl className="desk-fields">
        <div className="desk-fields__row">
          <dt>
            <Trans>Company</Trans>
          </dt>
          <dd>{request.company.name}</dd>
        </div>
        <div className="desk-fields__row">
          <dt>
            <Trans>Package</Trans>
          </dt>
          <dd>
            {labels.plan(request)}
            {request.priority ? <> · {t`Priority`}</> : null}
          </dd>
        </div>
        <div className="desk-fields__row">
          <dt>
            <Trans>This month</Trans>
          </dt>
          <dd>
            <Trans>
              {used} of {included} minutes used
            </Trans>
          </dd>
        </div>
      </dl>
      <h2 className="desk-section__title">
        <Trans>Messages</Trans>
      </h2>
      <ol className="desk-thread">
        {messages.map((message, index) => {
          const author = message.authorName || (message.from === "agency" ? t`Former staff member` : t`Former member`);
          const minutes = message.minutes ?? 0;
          return (
            <li key={index} className={`desk-thread__message desk-thread__message--${message.from}`}>
              <p className="desk-thread__author">
                <strong>{author}</strong>
                {message.authorEmail && message.authorEmail !== author ? <> ({message.authorEmail})</> : null} ·{" "}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
                {message.from === "agency" ? (
                  <>
                    {" · "}
                    <Trans>{minutes} minutes</Trans>
                  </>
                ) : null}
              </p>
              <p className="desk-thread__body">{message.body}</p>
            </li>
          );
        })}
      </ol>
      <div className="desk-actions">
        <form className="desk-inline-form desk-inline-form--wide" noValidate onSubmit={replyForm.submit} aria-label={t`Answer the customer`}>
          <TextAreaField label={t`Answer`} hint={t`Mailed to the customer as plain text.`} rows={6} {...replyForm.field("message")} />
          <TextField label={t`Minutes spent`} inputMode="numeric" pattern="[0-9]*" {...replyForm.field("minutes")} />
          <SelectField label={t`Then`} {...replyForm.field("status")} options={statusOptions} />
          <button type="submit" className="ag-button" disabled={replyForm.busy} aria-busy={replyForm.busy}>
            {replyForm.busy ? <Trans>Sending...</Trans> : <Trans>Send answer</Trans>}
          </button>
        </form>
        <form className="desk-inline-form" onSubmit={manageForm.submit} aria-label={t`Status and owner`}>
          <SelectField label={t`Status`} {...manageForm.field("status")} options={statusOptions} />
          <SelectField
            label={t`Owner`}
            {...manageForm.field("owner")}
            placeholder={t`Nobody`}
            options={staff.map((member) => ({ value: member.id, label: member.email }))}
          />
          <button type="submit" className="ag-button ag-button--secondary" disabled={manageForm.busy}>
            <Trans>Save</Trans>
          </button>
        </form>
      </div>
    </>
  );
}
