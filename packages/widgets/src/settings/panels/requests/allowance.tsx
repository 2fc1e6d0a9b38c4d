import { extraTimeCents, formatMoney, formatMonth, roleCan, type Allowance, type ExtraTime } from "@agency/contract";
import { apiErrorMessage, requestsApi, teamApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useElement } from "../../../element/element-context";

/**
 * The month's minutes: "You have used 45 of 120 minutes this month", as a meter too. Past them, each month's extra
 * time with what it costs; the owner or a billing member agrees to have it invoiced with the next monthly invoice
 * (the figure shown is what they agree to: when more time was logged meanwhile, the server says so and the figures
 * are loaded again).
 */
export function AllowanceSummary({ allowance, extraTime, onChange }: { allowance: Allowance; extraTime?: ExtraTime[]; onChange?: (next: ExtraTime[]) => void }) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const locale = settings.locale;
  const { usedMinutes: used, includedMinutes: included } = allowance;
  const money = (cents: number) => formatMoney(cents / 100, allowance.currency, locale, { cents: true });
  const rate = money(allowance.hourlyRateCents);
  const pending = (extraTime ?? []).filter((month) => month.extraMinutes > month.agreedMinutes);
  const [canAgree, setCanAgree] = useState<boolean | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    // Only the owner and billing members may agree: asked only when there is something to agree to.
    if (pending.length === 0 || canAgree !== null) return;
    teamApi.getTeam(api).then(
      (team) => setCanAgree(roleCan(team.role, "billing.manage")),
      () => setCanAgree(false),
    );
  }, [api, pending.length, canAgree]);

  async function agree(month: ExtraTime) {
    setWorking(month.period);
    setProblem(null);
    try {
      const next = await requestsApi.agreeExtraTime(api, { period: month.period, minutes: month.extraMinutes });
      toast.success(t`Thank you. The extra time will be invoiced with your next monthly invoice.`, { locale });
      onChange?.(next);
    } catch (failure) {
      console.error("agency-settings: agreeing to the extra time failed", failure);
      setProblem(apiErrorMessage(failure, i18n) ?? t`That did not work. Please try again.`);
      onChange?.((await requestsApi.listRequests(api).catch(() => null))?.extraTime ?? extraTime ?? []);
    } finally {
      setWorking(null);
    }
  }

  return (
    <div className="requests__allowance" part="allowance">
      <p className="requests__used">
        <Trans>
          You have used {used} of {included} minutes this month.
        </Trans>
      </p>
      <meter className="requests__meter" min={0} max={included} value={Math.min(used, included)} aria-label={t`Minutes used this month`}>
        {used} / {included}
      </meter>
      {used > included ? (
        <p className="settings__muted">
          <Trans>Time past the included minutes costs {rate} an hour (excl. VAT), and is only invoiced once your company has agreed to it.</Trans>
        </p>
      ) : null}
      {(extraTime ?? []).map((month) => {
        const name = formatMonth(month.periodStart, locale);
        const { extraMinutes: extra, agreedMinutes: agreed } = month;
        const cost = money(extraTimeCents(extra, allowance.hourlyRateCents));
        const open = extra - agreed;
        return (
          <div key={month.period} className="requests__extra">
            <p>
              <Trans>
                {name}: {extra} minutes past the included ones ({cost}).
              </Trans>{" "}
              {agreed > 0 ? <Trans>Agreed to be invoiced: {agreed} minutes.</Trans> : null}
            </p>
            {open > 0 && canAgree ? (
              <button type="button" className="ag-button" disabled={working !== null} aria-busy={working === month.period} onClick={() => void agree(month)}>
                <Trans>Agree to have {extra} minutes invoiced ({cost})</Trans>
              </button>
            ) : open > 0 && canAgree === false ? (
              <p className="settings__muted">
                <Trans>Your company's owner or a billing member can agree to have it invoiced.</Trans>
              </p>
            ) : null}
          </div>
        );
      })}
      <FormAlert message={problem} />
    </div>
  );
}
