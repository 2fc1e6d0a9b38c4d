import { Modal } from "@agency/ui";
import { Trans } from "@lingui/react/macro";

export interface CancelDialogProps {
  /** The end of the paid period, formatted. */
  endDate: string;
  /** True while the cancellation is on its way: the dialog stays, its buttons wait. */
  cancelling: boolean;
  onKeep: () => void;
  onCancel: () => void;
}

/** 'Cancel Subscription?': keep it, or cancel at the end of the period. */
export default function CancelDialog({ endDate, cancelling, onKeep, onCancel }: CancelDialogProps) {
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
            onClick={onCancel}
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
    </Modal>
  );
}
