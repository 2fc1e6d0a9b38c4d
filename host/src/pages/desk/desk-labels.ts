import type { Delivery, LeadStatus, OfferStatus, PackageInvoiceKind } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";

/** The words the desk shows for the API's values, in the page's language. */
export function useDeskLabels() {
  const { t } = useLingui();
  const leadStatus: Record<LeadStatus, string> = {
    new: t`New`,
    read: t`Read`,
    archived: t`Archived`,
    spam: t`Spam`,
    held: t`Held`,
  };
  const delivery: Record<Delivery["state"], string> = {
    not_sent: t`Not sent`,
    pending: t`Waiting to be sent`,
    delivered: t`Delivered`,
    failed: t`Failed`,
  };
  const flag = {
    too_fast: t`Held: sent faster than a person can fill in the form, so it may come from a script. It was not mailed or posted.`,
    honeypot: t`Caught as spam: the form's hidden field was filled in, which people never see. It was not mailed or posted.`,
  } as const;
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const offerStatus: Record<OfferStatus, string> = {
    requested: t`Asked for`,
    sent: t`Sent`,
    viewed: t`Viewed`,
    accepted: t`Accepted`,
    // Not a mail's delivery: the work is done ("opgeleverd").
    delivered: t({ message: "Delivered", context: "offer status" }),
    expired: t`Expired`,
    declined: t`Declined`,
  };
  const invoiceKind: Record<PackageInvoiceKind, string> = { deposit: t`Deposit`, balance: t`Balance`, monthly: t`Monthly fee` };
  return { leadStatus, delivery, flag, yesNo, offerStatus, invoiceKind };
}
