import { CANCELLATION_COMMENT_MAX_LENGTH, type CancellationReason, type CancelPayload } from "@agency/contract";
import { Modal } from "@agency/ui";
import { SelectField, TextAreaField } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

export interface CancelDialogProps {
  /** The end of the paid period, formatted. */
  endDate: string;
  /** True while the cancellation is on its way: the dialog stays, its buttons wait. */
  cancelling: boolean;
  onKeep: () => void;
  /** Cancels; `why` holds what the customer chose to say, which may be nothing. */
  onCancel: (why: CancelPayload) => void;
}

/**
 * 'Cancel Subscription?': keep it, or cancel at the end of the period. One question, why, which may be left
 * unanswered: nothing in it is required, and the cancel button works the same either way.
 */
export default function CancelDialog({ endDate, cancelling, onKeep, onCancel }: CancelDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState<CancellationReason | "">("");
  const [comment, setComment] = useState("");
  const reasons: { value: CancellationReason; label: string }[] = [
    { value: "too_expensive", label: t`It is too expensive` },
    { value: "not_using", label: t`I do not use it enough` },
    { value: "missing_features", label: t`Something I need is missing` },
    { value: "switching", label: t`I am switching to another provider` },
    { value: "temporary", label: t`I only needed it for a while` },
    { value: "other", label: t`Another reason` },
  ];
  const why = (): CancelPayload => ({ ...(reason ? { reason } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) });

  return (
    <Modal
      title={<Trans>Cancel Subscription</Trans>}
      // Closing mid-request would hide the outcome; the toast still tells it, but the buttons must not vanish.
      onClose={() => {
        if (!cancelling) onKeep();
      }}
      actions={
        <>
          <button type="button" className="ag-button ag-button--secondary" disabled={cancelling} onClick={onKeep}>
            <Trans>Keep Subscription</Trans>
          </button>
          <button
            type="button"
            className="ag-button ag-button--danger"
            disabled={cancelling}
            aria-busy={cancelling}
            onClick={() => onCancel(why())}
          >
            {cancelling ? <Trans>Cancelling...</Trans> : <Trans>Yes, Cancel Subscription</Trans>}
          </button>
        </>
      }
    >
      <p className="settings__modal-text">
        <Trans>
          Are you sure you want to cancel your subscription? You will keep access until the end of the current
          billing period ({endDate}). After that, you will need to subscribe again to continue.
        </Trans>
      </p>
      <SelectField
        label={t`Why are you cancelling? (optional)`}
        hint={t`Your answer helps us improve. You can cancel without answering.`}
        value={reason}
        onValueChange={setReason}
        options={reasons}
        placeholder={t`Rather not say`}
        disabled={cancelling}
      />
      <TextAreaField
        label={t`Anything else you would like to tell us? (optional)`}
        value={comment}
        onValueChange={setComment}
        maxLength={CANCELLATION_COMMENT_MAX_LENGTH}
        rows={3}
        disabled={cancelling}
      />
    </Modal>
  );
}
