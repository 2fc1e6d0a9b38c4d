import { Trans, useLingui } from "@lingui/react/macro";
import { ShowcaseCard } from "./showcase-card";

/** The two showcased projects, on the home and portfolio pages. */
export function Showcases() {
  const { t } = useLingui();
  const newTabHint = t`(opens in a new tab)`;
  return (
    <ul className="c-grid c-grid--2">
      <ShowcaseCard
        kind="builder"
        tag={<Trans>SaaS platform</Trans>}
        title={<Trans>AI Software Builder</Trans>}
        description={
          <Trans>
            A platform where teams describe the software they need and AI builds it: a clear, fast interface for a
            complex product.
          </Trans>
        }
        linkLabel={<Trans>Visit the AI Software Builder</Trans>}
        newTabHint={newTabHint}
      />
      <ShowcaseCard
        kind="trading"
        tag={<Trans>Data dashboard</Trans>}
        title={<Trans>Trading Analytics Dashboard</Trans>}
        description={
          <Trans>A real-time dashboard that turns market data into clear charts and insights for traders.</Trans>
        }
        linkLabel={<Trans>Visit the Trading Analytics Dashboard</Trans>}
        newTabHint={newTabHint}
      />
    </ul>
  );
}
