import { REQUEST_KINDS, REQUEST_MESSAGE_MAX_LENGTH, REQUEST_SUBJECT_MAX_LENGTH, type CustomerRequest, type RequestKind } from "@agency/contract";
import { apiErrorMessage, isNetworkError, requestsApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, SelectField, TextAreaField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useElement } from "../../../element/element-context";
import { useRequestLabels } from "./labels";

/** A new request: what kind, a subject and the message. Sent, it opens (the confirmation mail is on its way). */
export function NewRequest({ onFiled }: { onFiled: (request: CustomerRequest) => void }) {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const labels = useRequestLabels();
  const form = useForm({
    initial: { kind: "content" as RequestKind, subject: "", message: "" },
    validate: ({ subject, message }) => ({
      ...(subject.trim() ? {} : { subject: t`Please give your request a subject` }),
      ...(message.trim() ? {} : { message: t`Please write what you need` }),
    }),
    onSubmit: async ({ kind, subject, message }) => {
      const request = await requestsApi.fileRequest(api, { kind, subject: subject.trim(), message: message.trim() });
      const reference = request.reference;
      toast.success(t`Request ${reference} sent. We answer within 24 hours.`, { locale: settings.locale });
      form.reset();
      emit("agency-request-create", { request });
      onFiled(request);
    },
    onError: (failure) => {
      console.error("agency-settings: the request could not be sent", failure);
      return apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Your request could not be sent. Please try again.`);
    },
  });

  return (
    <form className="settings__form requests__new" noValidate onSubmit={form.submit} aria-labelledby="requests-new">
      <h3 id="requests-new" className="requests__subtitle">
        <Trans>New request</Trans>
      </h3>
      <SelectField label={t`What is it about?`} {...form.field("kind")} options={REQUEST_KINDS.map((value) => ({ value, label: labels.kind[value] }))} />
      <TextField label={t`Subject`} maxLength={REQUEST_SUBJECT_MAX_LENGTH} {...form.field("subject")} disabled={form.busy} />
      <TextAreaField
        label={t`Message`}
        hint={t`Which page, what should change, and the new text if you have it.`}
        rows={6}
        maxLength={REQUEST_MESSAGE_MAX_LENGTH}
        {...form.field("message")}
        disabled={form.busy}
      />
      <FormAlert {...form.alert} />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Sending...</Trans> : <Trans>Send request</Trans>}
        </button>
      </div>
    </form>
  );
}
