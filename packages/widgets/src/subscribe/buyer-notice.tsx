import { contractCatalog } from "@agency/contract/catalog";
import { TEAM_ROLE_LABELS, type TeamMember } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { withTexts } from "../element/with-texts";

/**
 * For a member of a company who may not buy: the company's subscription is bought by its owner or a billing member,
 * named here, whom the visitor can ask. Loaded only for such a visitor, with the contract's names of the roles.
 */
function BuyerNotice({ company, buyers }: { company: string; buyers: TeamMember[] }) {
  const { i18n } = useLingui();
  const names = buyers.map((m) => `${m.name || m.email} (${i18n._(TEAM_ROLE_LABELS[m.role])})`).join(", ");
  return (
    <div className="subscribe__notice subscribe__buyers" part="buyers" role="status">
      <p>
        <strong>
          <Trans>Your company's subscription is bought by its owner or a billing member.</Trans>
        </strong>
      </p>
      <p>
        <Trans>
          Ask {names} to start it for {company}. Once it runs, you have it too.
        </Trans>
      </p>
    </div>
  );
}

export default withTexts(BuyerNotice, contractCatalog);
