import type { Delivery, LeadDetail } from "@agency/contract";
import { formatDateTime } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "../../../lib/use-locale";
import { useDeskLabels, useLeadChoiceLabels } from "../desk-labels";

/** One section of a detail view: a heading and its terms. Empty values show a dash, so every field is listed. */
export function DetailSection({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="desk-section">
      <h2 className="desk-section__title">{title}</h2>
      <dl className="desk-fields">
        {rows.map(([term, value]) => (
          <div key={term} className="desk-fields__row">
            <dt>{term}</dt>
            <dd>{value === "" || value === null || value === undefined ? "–" : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every field of a quote request, where it came from, what the sender agreed to, and how its messages went. */
export function LeadFields({ lead }: { lead: LeadDetail }) {
  const { t } = useLingui();
  const locale = useLocale();
  const labels = useDeskLabels();
  const choice = useLeadChoiceLabels();
  const when = (value: string | null) => (value ? formatDateTime(value, locale) : "");
  const delivery = (d: Delivery): ReactNode => (
    <>
      {labels.delivery[d.state]}
      {d.deliveredAt ? ` (${when(d.deliveredAt)})` : ""}
      {d.attempts > 0 ? <span className="desk-muted"> · {t`attempts: ${d.attempts}`}</span> : null}
      {d.lastError ? <span className="desk-muted"> · {d.lastError}</span> : null}
    </>
  );
  const utm = Object.entries(lead.utm);
  return (
    <div className="desk-sections">
      <DetailSection
        title={t`Contact`}
        rows={[
          [t`Name`, lead.name],
          [t`E-mail address`, <a key="mail" className="ag-link" href={`mailto:${lead.email}`}>{lead.email}</a>],
          [t`Company`, lead.company],
          [t`Phone`, lead.phone ? `${lead.countryCode} ${lead.phone}` : ""],
          [t`Current website`, lead.currentWebsite],
          [t`Language`, lead.language === "en" ? t`English` : t`Dutch`],
        ]}
      />
      <DetailSection
        title={t`Project`}
        rows={[
          [t`Project type`, choice.projectType(lead.projectType)],
          [t`Budget`, choice.budget(lead)],
          [t`Timeline`, choice.timeline(lead.timeline)],
          [t`Primary goal`, lead.primaryGoal],
          [t`Features`, choice.features(lead.features)],
          [t`Domain`, choice.domainStatus(lead.domainStatus)],
          [t`Heard about us through`, choice.hearAboutUs(lead.hearAboutUs)],
          [t`Biggest challenge`, lead.biggestChallenge],
          [t`Message`, lead.message ? <span key="message" className="desk-pre">{lead.message}</span> : ""],
        ]}
      />
      <DetailSection
        title={t`Source`}
        rows={[
          [t`Source`, lead.source],
          [t`Page`, lead.pageUrl],
          [t`Origin`, lead.origin],
          [t`Referrer`, lead.referrer],
          [t`Campaign (UTM)`, utm.length ? utm.map(([key, value]) => `${key}=${value}`).join(", ") : ""],
          [t`Received`, when(lead.createdAt)],
          [t`Last contact`, when(lead.lastContactAt)],
          [t`Released`, when(lead.releasedAt)],
        ]}
      />
      <DetailSection
        title={t`Consent`}
        rows={[
          [t`Sent under the privacy notice`, labels.yesNo(lead.consent.privacyNotice)],
          [t`Marketing`, labels.yesNo(lead.consent.marketing)],
        ]}
      />
      <DetailSection
        title={t`Delivery`}
        rows={[
          [t`Mail to the agency`, delivery(lead.mail)],
          [t`Webhook`, delivery(lead.webhook)],
        ]}
      />
    </div>
  );
}
