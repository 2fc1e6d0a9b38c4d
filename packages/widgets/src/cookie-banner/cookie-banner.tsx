import { consentApi, localizedPath } from "@agency/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { ElementLink, useElement } from "../element/element-context";
import {
  anonymousId,
  BANNER_DELAY_MS,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VERSION,
  consentFor,
  OPEN_SETTINGS_EVENT,
  openCookieSettings,
  readStoredConsent,
  setRequirements,
  storeConsent,
  takeOpenRequest,
  type ConsentChoice,
  type ConsentRecord,
  type ConsentRequirements,
} from "./consent";
import { afterPageLoad } from "./after-page-load";
import { updateConsentMode } from "./consent-mode";
import { activateConsentScripts } from "./consent-scripts";

export interface CookieBannerProps {
  /** The cookie policy page. Default: `/cookie-policy` (nl) or `/en/cookie-policy` (en). */
  policyHref?: string;
  /** Overrides CONSENT_VERSION; a stored decision with a lower version asks again. */
  policyVersion?: number;
  /** Days a decision counts; an older one asks again. Default: CONSENT_MAX_AGE_DAYS (12 months). */
  consentMaxAgeDays?: number;
}

/** What the details view starts with: the decision that counts, else nothing ticked (GDPR: no pre-ticked boxes). */
function storedChoice(requirements: ConsentRequirements): ConsentChoice {
  const current = consentFor(requirements);
  return { analytics: current?.analytics ?? false, marketing: current?.marketing ?? false };
}

/** The focused element, looking inside shadow roots, so focus can go back there after a decision. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * Cookie consent, GDPR-proof: nothing optional is pre-ticked (README, "Where we depart from the specification"),
 * 'Save preferences' saves exactly what is ticked, refusing is one click like accepting, and the choice can be
 * reopened and changed at any time.
 */
export function CookieBanner({ policyHref, policyVersion, consentMaxAgeDays }: CookieBannerProps) {
  const { t } = useLingui();
  const { api, emit, settings } = useElement();
  const version = policyVersion ?? CONSENT_VERSION;
  const maxAgeDays = consentMaxAgeDays !== undefined && consentMaxAgeDays > 0 ? consentMaxAgeDays : CONSENT_MAX_AGE_DAYS;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: false, marketing: false });
  const opener = useRef<HTMLElement | null>(null);
  const firstOption = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setRequirements({ version, maxAgeDays });
    const current = consentFor({ version, maxAgeDays });
    if (current) {
      updateConsentMode(current);
      activateConsentScripts(current);
      return;
    }
    return afterPageLoad(BANNER_DELAY_MS, () => setOpen(true));
  }, [version, maxAgeDays]);

  useEffect(() => {
    const reopen = (event: Event) => {
      // Tells openCookieSettings() that a banner has opened.
      event.preventDefault();
      setChoice(storedChoice({ version, maxAgeDays }));
      opener.current = deepActiveElement();
      setShowDetails(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, reopen);
    // Settings asked for before this banner was listening: ask again, now that it is.
    if (takeOpenRequest()) openCookieSettings();
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, reopen);
  }, [version, maxAgeDays]);

  // Someone who asked for the settings lands on them; a banner that appears by itself takes no focus.
  useEffect(() => {
    if (open && showDetails && opener.current) firstOption.current?.focus();
  }, [open, showDetails]);

  const decide = ({ analytics, marketing }: ConsentChoice) => {
    const record: ConsentRecord = {
      // The same anonymous id across changes links a withdrawal to the consent it withdraws.
      id: readStoredConsent()?.id || anonymousId(),
      necessary: true,
      analytics,
      marketing,
      version,
      timestamp: new Date().toISOString(),
    };
    storeConsent(record);
    setOpen(false);
    setShowDetails(false);
    updateConsentMode(record);
    activateConsentScripts(record);
    emit("agency-consent-change", record);
    // Proof of consent for the agency; the visitor's choice already holds locally, so a failure here is not theirs.
    consentApi.recordConsent(api, record).catch(() => {});
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  };

  if (!open) return null;

  const policy = policyHref || localizedPath("/cookie-policy", settings.locale);
  const detailsId = `${id}-details`;
  const option = (
    key: "necessary" | keyof ConsentChoice,
    label: string,
    description: string,
  ) => (
    <div className="consent__option">
      <input
        ref={key === "analytics" ? firstOption : undefined}
        id={`${id}-${key}`}
        type="checkbox"
        checked={key === "necessary" ? true : choice[key]}
        disabled={key === "necessary"}
        aria-describedby={`${id}-${key}-text`}
        onChange={key === "necessary" ? undefined : (e) => setChoice((c) => ({ ...c, [key]: e.target.checked }))}
      />
      <label htmlFor={`${id}-${key}`} className="consent__label">
        {label}
      </label>
      <p id={`${id}-${key}-text`} className="consent__text">
        {description}
      </p>
    </div>
  );

  return (
    <section className="consent" part="banner" aria-labelledby={`${id}-title`}>
      <div className="consent__body">
        <h2 id={`${id}-title`} className="consent__title">
          <Trans>Cookies on this website</Trans>
        </h2>
        <p className="consent__intro">
          <Trans>
            We use necessary cookies to make this website work. With your permission we also use analytics cookies to
            improve the website and marketing cookies to measure our campaigns. You can change your choice at any time
            via 'Cookie settings'.
          </Trans>{" "}
          <ElementLink to={policy} className="ag-link">
            <Trans>Read our cookie policy</Trans>
          </ElementLink>
        </p>

        {showDetails && (
          <div id={detailsId} className="consent__details" part="details">
            <fieldset className="consent__options">
              <legend className="consent__legend">
                <Trans>Choose which cookies you allow</Trans>
              </legend>
              {option("necessary", t`Necessary`, t`Always on: needed for the website to work, for example to remember this choice.`)}
              {option("analytics", t`Analytics`, t`Help us understand how visitors use the website, so we can improve it.`)}
              {option("marketing", t`Marketing`, t`Used to measure our advertising campaigns and show relevant ads.`)}
            </fieldset>
            <button type="button" className="ag-button ag-button--secondary" onClick={() => decide(choice)}>
              <Trans>Save preferences</Trans>
            </button>
          </div>
        )}

        <div className="consent__actions">
          <button
            type="button"
            className="ag-button ag-button--secondary"
            aria-expanded={showDetails}
            {...(showDetails ? { "aria-controls": detailsId } : {})}
            onClick={() => setShowDetails((shown) => !shown)}
          >
            <Trans>Cookie settings</Trans>
          </button>
          <button type="button" className="ag-button" onClick={() => decide({ analytics: false, marketing: false })}>
            <Trans>Only necessary</Trans>
          </button>
          <button type="button" className="ag-button" onClick={() => decide({ analytics: true, marketing: true })}>
            <Trans>Accept all</Trans>
          </button>
        </div>
      </div>
      <button
        type="button"
        className="consent__close"
        aria-label={t`Close: only necessary cookies`}
        onClick={() => decide({ analytics: false, marketing: false })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
