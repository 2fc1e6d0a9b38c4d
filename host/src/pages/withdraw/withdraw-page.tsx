import { WITHDRAWAL_PERIOD_DAYS } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { Hero, Section } from "../../components/content/blocks";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import { Island } from "../../site-islands";
import { WithdrawalForm } from "./withdrawal-form";

loadCatalog({ nl, en });

/**
 * The withdrawal function (Consumer Rights Directive, Art. 11a, as amended by Directive (EU) 2023/2673): public,
 * rendered by the server in both languages and reachable from every page's footer. The form is an island, so it
 * works without signing in and before (or without) the rest of the app.
 */
export default function WithdrawPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const days = WITHDRAWAL_PERIOD_DAYS;
  return (
    <div className="c-page">
      <PageMeta
        title={t`Withdraw from contract`}
        description={t`Withdraw from a contract you concluded with us online, within 14 days and without giving a reason. No sign-in needed.`}
        locale={locale}
        path="/withdraw"
        bilingual
      />
      <Hero
        title={<Trans>Withdraw from contract</Trans>}
        lead={<Trans>Did you conclude a contract with us online? You may withdraw from it within {days} days of concluding it, without giving a reason.</Trans>}
      />
      <Section narrow title={<Trans>What happens when you withdraw</Trans>}>
        <ul className="c-withdraw__facts">
          <li>
            <Trans>
              Within {days} days of the start of your subscription, it ends at once and we refund your payment to the payment
              method you used, within {days} days. If you asked at checkout for the service to start at once, we deduct the
              days you have used.
            </Trans>
          </li>
          <li>
            <Trans>After those {days} days the contract can no longer be withdrawn from; we cancel your subscription at the end of its current period instead, so you are not charged again.</Trans>
          </li>
          <li>
            <Trans>
              We confirm your statement at once by e-mail, to the address of your account, with the date and time we received
              it. That e-mail also has a link to undo a statement you did not send yourself.
            </Trans>
          </li>
        </ul>
      </Section>
      <Section narrow title={<Trans>Your statement of withdrawal</Trans>}>
        <Island name="withdrawal-form" component={WithdrawalForm} />
      </Section>
    </div>
  );
}
