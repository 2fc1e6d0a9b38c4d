import { type AuditEntry, LEAD_STATUSES, type LeadStatus } from "@agency/contract";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useDeskLabels } from "../desk-labels";

/** An audit entry as staff read it: what was done, in words, and what it was done to. */
export interface AuditText {
  what: string;
  /** A lead or customer of the desk to link to (its path below the desk), else null. */
  link: string | null;
  target: string;
}

/**
 * The words for the audit log's entries, in the desk's language. An action this code does not know (one a newer
 * server writes) keeps its code, with its details as "key: value" pairs, so nothing is hidden.
 */
export function useAuditText(): (entry: AuditEntry) => AuditText {
  const { t } = useLingui();
  const labels = useDeskLabels();
  const status = (value: unknown) =>
    (LEAD_STATUSES as readonly unknown[]).includes(value) ? labels.leadStatus[value as LeadStatus] : String(value ?? "–");
  const role = (value: unknown) => (value === "admin" ? t`Admin` : value === "staff" ? t`Staff member` : String(value ?? ""));
  const factor = (value: unknown) => (value === "totp" ? t`authenticator app` : value === "recovery" ? t`recovery code` : String(value ?? ""));

  const what = ({ action, detail: d }: AuditEntry): string => {
    switch (action) {
      case "desk.sign_in":
        return t`Signed in with the ${factor(d.factor)}`;
      case "desk.second_factor_failed":
        return t`Sign-in refused: wrong code`;
      case "lead.status":
        return t`Status changed from ${status(d.from)} to ${status(d.to)}`;
      case "lead.note":
        return t`Note changed`;
      case "lead.release":
        return d.sent ? t`Released (was ${status(d.from)}); its messages were sent` : t`Released (was ${status(d.from)})`;
      case "leads.export":
        return t`${plural(Number(d.rows ?? 0), { one: "Leads exported as CSV (# row)", other: "Leads exported as CSV (# rows)" })}`;
      case "customer.resend_verification":
        return t`Verification mail sent again`;
      case "customer.cancel_subscription":
        return t`Subscription cancelled at the end of its period`;
      case "customer.erase":
        return t`Account erased`;
      case "staff.invite":
        return d.via === "cli" ? t`Invited as ${role(d.role)} (from the command line)` : t`Invited as ${role(d.role)}`;
      case "staff.remove":
        return t`Removed from the staff (was ${role(d.role)})`;
      case "staff.enrol":
        return t`Enrolled: password and authenticator app set`;
      default: {
        const pairs = Object.entries(d).map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`);
        return pairs.length > 0 ? `${action} (${pairs.join(", ")})` : action;
      }
    }
  };

  return (entry) => {
    const [kind, id = ""] = (entry.target ?? "").split(/:(.*)/s);
    if (kind === "lead" && id) return { what: what(entry), link: `/leads/${id}`, target: t`Lead #${id}` };
    if (kind === "customer" && id) return { what: what(entry), link: `/customers/${id}`, target: t`Customer ${id.slice(0, 8)}` };
    if (kind === "staff" && id) return { what: what(entry), link: null, target: id };
    return { what: what(entry), link: null, target: entry.target ?? "–" };
  };
}
