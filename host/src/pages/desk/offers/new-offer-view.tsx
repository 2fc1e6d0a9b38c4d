import { deskApi, deskOffersApi } from "@agency/core";
import { formatMoney, isEmail, OFFER_MAX_LINES, offerAmounts, packageFeesCents, PACKAGES, VAT_RATE, type Locale, type PackageId } from "@agency/contract";
import { toast } from "@agency/ui";
import { FormAlert, SelectField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, useDeskApi, useDeskPath } from "../desk-lib";

interface Line {
  description: string;
  /** As typed, in euro: "150" or "149,95"; a minus for a discount. */
  amount: string;
}

/** "1500", "149,95" or "-50" (euro) → cents; null when it is no amount. */
export function parseEuro(text: string): number | null {
  const match = /^(-)?(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[€\s]/g, ""));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/**
 * A new offer, for a lead (`?lead=…` fills in its contact) or for any address: the package with its fees from the
 * package table, extra one-time lines, the language of the offer and its mail. The totals it will show, with and
 * without VAT, are worked out as it is filled in, with the server's own rules.
 */
export default function NewOfferView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const navigate = useNavigate();
  const leadId = Number(useSearchParams()[0].get("lead")) || undefined;
  const form = useForm({
    initial: { email: "", name: "", company: "", pkg: "professional" as PackageId | "", language: "nl" as Locale | "", lines: [] as Line[] },
    validate: (v) => ({
      ...(isEmail(v.email.trim()) ? {} : { email: t`Enter the customer's e-mail address` }),
      ...(v.name.trim() ? {} : { name: t`Enter the customer's name` }),
      ...(v.lines.every((line) => line.description.trim() && parseEuro(line.amount) !== null) ? {} : { form: t`Give every extra line a description and an amount in euro.` }),
    }),
    onSubmit: async (v) => {
      const offer = await deskOffersApi.createOffer(api, {
        email: v.email.trim(),
        name: v.name.trim(),
        ...(v.company.trim() ? { company: v.company.trim() } : {}),
        package: v.pkg as PackageId,
        locale: v.language as Locale,
        lines: v.lines.map((line) => ({ description: line.description.trim(), amountCents: parseEuro(line.amount)! })),
        ...(leadId ? { leadId } : {}),
      });
      toast.success(t`Offer ${offer.number} was mailed to ${offer.email}.`, { locale });
      void navigate(to(`/offers/${offer.id}`));
    },
    onError: (error) => failureText(error, i18n, t`The offer could not be made. Please try again.`),
  });
  const { fillIn, values, setValue } = form;

  useEffect(() => {
    if (!leadId) return;
    deskApi.fetchLead(api, leadId).then(
      (lead) => {
        fillIn({ email: lead.email, name: lead.name, company: lead.company });
        // The lead wrote in this language: the offer speaks it too.
        setValue("language", lead.language);
      },
      () => undefined,
    );
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [leadId]);

  const money = (cents: number) => formatMoney(cents / 100, "EUR", locale, { cents: true });
  const fees = values.pkg ? packageFeesCents(values.pkg) : null;
  const extra = values.lines.map((line) => parseEuro(line.amount) ?? 0);
  const amounts = fees ? offerAmounts({ startupFeeCents: fees.startupFeeCents, extraCents: extra, monthlyFeeCents: fees.monthlyFeeCents, vatRate: VAT_RATE }) : null;
  const setLine = (index: number, change: Partial<Line>) => setValue("lines", values.lines.map((line, i) => (i === index ? { ...line, ...change } : line)));

  return (
    <div className="desk-view">
      <PageMeta title={t`New offer`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/offers" noindex />
      <p>
        <Link to={to("/offers")} className="ag-link">
          <Trans>Back to the offers</Trans>
        </Link>
      </p>
      <h1 className="desk-view__title">
        <Trans>New offer</Trans>
      </h1>
      <form className="desk-form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField label={t`E-mail address`} type="email" autoComplete="off" {...form.field("email")} />
        <TextField label={t`Name`} autoComplete="off" maxLength={100} {...form.field("name")} />
        <TextField label={t`Company (optional)`} autoComplete="off" maxLength={200} {...form.field("company")} />
        <SelectField
          label={t`Package`}
          {...form.field("pkg")}
          options={PACKAGES.map((p) => ({
            value: p.id,
            label: t`${p.name}: ${money(p.fees.EUR.startupFee * 100)} once, ${money(p.fees.EUR.monthlyFee * 100)} a month (excl. VAT)`,
          }))}
        />
        <SelectField label={t`Language of the offer and its mail`} {...form.field("language")} options={[{ value: "nl", label: t`Dutch` }, { value: "en", label: t`English` }]} />
        <fieldset className="desk-lines">
          <legend>
            <Trans>Extra one-time lines</Trans>
          </legend>
          {values.lines.map((line, i) => (
            <div key={i} className="desk-lines__line">
              <TextField label={t`Description of line ${i + 1}`} maxLength={200} value={line.description} onValueChange={(description) => setLine(i, { description })} />
              <TextField
                label={t`Amount of line ${i + 1} in euro, excl. VAT`}
                inputMode="decimal"
                hint={t`For example 1500 or 149,95; a minus for a discount`}
                value={line.amount}
                onValueChange={(amount) => setLine(i, { amount })}
              />
              <button type="button" className="ag-button ag-button--secondary" onClick={() => setValue("lines", values.lines.filter((_, j) => j !== i))}>
                <Trans>Remove line {i + 1}</Trans>
              </button>
            </div>
          ))}
          {values.lines.length < OFFER_MAX_LINES ? (
            <button type="button" className="ag-button ag-button--secondary" onClick={() => setValue("lines", [...values.lines, { description: "", amount: "" }])}>
              <Trans>Add a line</Trans>
            </button>
          ) : null}
        </fieldset>
        {amounts ? (
          <dl className="desk-fields desk-totals" aria-live="polite">
            <div className="desk-fields__row">
              <dt>{t`One-time`}</dt>
              <dd>{t`${money(amounts.oneTime.netCents)} excl. VAT, ${money(amounts.oneTime.totalCents)} incl. VAT`}</dd>
            </div>
            <div className="desk-fields__row">
              <dt>{t`Deposit (50%)`}</dt>
              <dd>{t`${money(amounts.deposit.totalCents)} incl. VAT`}</dd>
            </div>
            <div className="desk-fields__row">
              <dt>{t`Monthly fee`}</dt>
              <dd>{t`${money(amounts.monthly.netCents)} excl. VAT, ${money(amounts.monthly.totalCents)} incl. VAT`}</dd>
            </div>
          </dl>
        ) : null}
        <p className="desk-muted">
          <Trans>The offer is valid for 30 days. For an address whose company has a package, it is an upgrade that charges only the difference.</Trans>
        </p>
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Sending...</Trans> : <Trans>Make and send the offer</Trans>}
        </button>
      </form>
    </div>
  );
}
