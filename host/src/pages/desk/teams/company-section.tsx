import { contractCatalog } from "@agency/contract/catalog";
import { type DeskCompany, formatDateTime, TEAM_ROLE_LABELS, type TeamRole } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { loadCatalog } from "../../../lib/i18n";
import { useLocale } from "../../../lib/use-locale";
import { useDeskPath } from "../desk-lib";
import { DetailSection } from "../leads/lead-fields";

// The roles are named as the customer's own pages and mails name them (the contract's catalog).
loadCatalog(contractCatalog);

/**
 * A customer's company as staff see it: its details, its members with their roles (each a link to that customer),
 * and its security log of membership changes. Staff read it; changing members is the company's own business, done
 * by its owner and admins in their settings.
 */
export function CompanySection({ company }: { company: DeskCompany }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const to = useDeskPath();
  const role = (value: TeamRole) => i18n._(TEAM_ROLE_LABELS[value]);
  const actions: Record<string, string> = {
    "team.invited": t`Invited`,
    "team.invitation_revoked": t`Invitation withdrawn`,
    "team.joined": t`Joined`,
    "team.role_changed": t`Role changed`,
    "team.removed": t`Removed`,
    "team.left": t`Left`,
    "team.ownership_transferred": t`Ownership handed over`,
    "team.account_deleted": t`Account deleted`,
  };
  const roleOf = (value: string | undefined) => (value && value in TEAM_ROLE_LABELS ? role(value as TeamRole) : "");
  return (
    <>
      <DetailSection
        title={t`Company`}
        rows={[
          [t`Name`, company.name],
          [t`KvK number`, company.kvkNumber ?? ""],
          [t`VAT number`, company.vatId ?? ""],
          [t`This customer's role`, role(company.role)],
        ]}
      />
      <section className="desk-section" aria-labelledby="desk-company-members">
        <h2 className="desk-section__title" id="desk-company-members">
          <Trans>Members</Trans>
        </h2>
        <ul className="desk-list">
          {company.members.map((member) => (
            <li key={member.id}>
              <Link to={to(`/customers/${member.id}`)} className="ag-link">
                {member.name || member.email}
              </Link>{" "}
              · {member.email} · {role(member.role)}
            </li>
          ))}
        </ul>
      </section>
      <section className="desk-section" aria-labelledby="desk-company-log">
        <h2 className="desk-section__title" id="desk-company-log">
          <Trans>Membership changes</Trans>
        </h2>
        {company.log.length === 0 ? (
          <p>
            <Trans>No changes yet.</Trans>
          </p>
        ) : (
          <ul className="desk-list">
            {company.log.map((entry, index) => {
              const actor = entry.actor;
              const change = entry.detail.role ? `${roleOf(entry.detail.from) ? `${roleOf(entry.detail.from)} → ` : ""}${roleOf(entry.detail.role)}` : "";
              return (
                <li key={`${entry.at} ${index}`}>
                  {formatDateTime(entry.at, locale)} · {actions[entry.action] ?? entry.action} · {entry.detail.member ?? ""}
                  {change ? ` · ${change}` : ""}
                  {actor ? (
                    <>
                      {" "}
                      · <Trans>by {actor}</Trans>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
