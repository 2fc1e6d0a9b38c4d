import { localizedPath } from "@agency/contract";
import { consentApi, getPageSettings } from "@agency/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState } from "react";
import { ElementLink, useElement } from "../element/element-context";
import { laterPart } from "../element/later-part";
import {
  anonymousId,
  BANNER_DELAY_MS,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VERSION,
  consentFor,
  globalPrivacyControl,
  OPEN_SETTINGS_EVENT,
  openCookieSettings,
  readStoredConsent,
  setConsentStorage,
  setRequirements,
  storeConsent,
  takeOpenRequest,
  type ConsentChoice,
  type ConsentRecord,
  type ConsentRequirements,
} from "./consent";
import { afterPageLoad } from "./after-page-load";
import { clearRefusedCookies, DEFAULT_CONSENT_COOKIES, parsePatterns, type ConsentCookies, type OptionalCategory } from "./consent-cookies";
import { useHasHeldFrames } from "./held-frames";
import { updateConsentMode } from "./consent-mode";
import { activateConsentScripts } from "./consent-scripts";

export interface CookieBannerProps {
  /** The cookie policy page. Default: `/cookie-policy` (nl) or `/en/cookie-policy` (en). */
  policyHref?: string;
  /** Overrides CONSENT_VERSION; a stored decision with a lower version asks again. */
  policyVersion?: number;
  /** Days a decision counts; an older one asks again. Default: CONSENT_MAX_AGE_DAYS (12 months). */
  consentMaxAgeDays?: number;
  /** Cookie name patterns analytics covers, separated by spaces or commas. Default: configure's, else GA4's. */
  analyticsCookies?: string;
  /** Cookie name patterns marketing covers. Default: configure's, else Google Ads' and Meta's. */
  marketingCookies?: string;
}

/** What the details view starts with: the decision that counts, else nothing ticked (GDPR: no pre-ticked boxes). */
function storedChoice(requirements: ConsentRequirements): ConsentChoice {
  const current = consentFor(requirements);
  return { analytics: current?.analytics ?? false, marketing: current?.marketing ?? false };
}

// Only a page with held frames downloads the placeholders, and only a visitor who opens the details their code; the
// texts of both come with them.
const ConsentEmbeds = lazy(async () => ({
  default: await laterPart(import("./consent-embeds").then((m) => m.default), import("./later-texts")),
}));
const loadConsentDetails = async () => ({
  default: await laterPart(import("./consent-details").then((m) => m.default), import("./later-texts")),
});
const ConsentDetails = lazy(loadConsentDetails);
const prefetchDetails = () => void loadConsentDetails().catch(() => undefined);

/** The cookies each category covers: the banner's attributes, else AgencyWidgets.configure({ consentCookies }), else the defaults. */
function consentCookies(analytics: string | undefined, marketing: string | undefined): ConsentCookies {
  const configured = getPageSettings().consentCookies;
  return {
    analytics: parsePatterns(analytics) ?? configured?.analytics ?? DEFAULT_CONSENT_COOKIES.analytics,
    marketing: parsePatterns(marketing) ?? configured?.marketing ?? DEFAULT_CONSENT_COOKIES.marketing,
  };
}

/** The focused element, looking inside shadow roots, so focus can go back there after a decision. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * Cookie consent, GDPR-proof: nothing optional is pre-ticked (docs/decisions/0002, 0008),
 * 'Save preferences' saves exactly what is ticked, refusing is one click like accepting, and the choice can be
 * reopened and changed at any time.
 */
export function CookieBanner({ policyHref, policyVersion, consentMaxAgeDays, analyticsCookies, marketingCookies }: CookieBannerProps) {
  const { t } = useLingui();
  const { api, emit, settings } = useElement();
  const gpc = globalPrivacyControl();
  const hasHeldFrames = useHasHeldFrames();
  const version = policyVersion ?? CONSENT_VERSION;
  const maxAgeDays = consentMaxAgeDays !== undefined && consentMaxAgeDays > 0 ? consentMaxAgeDays : CONSENT_MAX_AGE_DAYS;
  // Before the first read: the decision's key follows the banner's API (the site's key there, the elements' elsewhere).
  setConsentStorage(settings.apiBase);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: false, marketing: false });
  // The decision that counts on this page (null before any), read from storage at each render: what held embeds
  // and the proof follow. Every decision re-renders (the banner closes), and so does configure().
  const current = consentFor({ version, maxAgeDays });
  const [, decided] = useReducer((n: number) => n + 1, 0);
  const opener = useRef<HTMLElement | null>(null);
  // Someone who asked for the settings lands on them; a banner that appears by itself takes no focus.
  const [focusDetails, setFocusDetails] = useState(false);

  useEffect(() => {
    setRequirements({ version, maxAgeDays });
    const counting = consentFor({ version, maxAgeDays });
    if (counting) {
      updateConsentMode(counting);
      activateConsentScripts(counting);
      // Cookies of a refused category may have been set since (a tag that ignored the decision): gone again.
      clearRefusedCookies(counting, consentCookies(analyticsCookies, marketingCookies));
      return;
    }
    return afterPageLoad(BANNER_DELAY_MS, () => setOpen(true));
  }, [version, maxAgeDays, analyticsCookies, marketingCookies]);

  useEffect(() => {
    const reopen = (event: Event) => {
      // Tells openCookieSettings() that a banner has opened.
      event.preventDefault();
      setChoice(storedChoice({ version, maxAgeDays }));
      opener.current = deepActiveElement();
      setFocusDetails(true);
      setShowDetails(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, reopen);
    // Settings asked for before this banner was listening: ask again, now that it is.
    if (takeOpenRequest()) openCookieSettings();
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, reopen);
  }, [version, maxAgeDays]);

  const decide = ({ analytics, marketing }: ConsentChoice) => {
    const record: ConsentRecord = {
      // The same anonymous id across changes links a withdrawal to the consent it withdraws.
      id: readStoredConsent()?.id || anonymousId(),
      necessary: true,
      analytics,
      marketing,
      version,
      timestamp: new Date().toISOString(),
      // Proof that the signal was there when the visitor chose (and marketing, if on, was their own tick).
      ...(gpc ? { gpc: true } : {}),
    };
    storeConsent(record);
    // A decision from an embed's placeholder comes while the banner is closed: render with it all the same.
    decided();
    // Refusing or withdrawing a category deletes the cookies it covers; necessary cookies are in no category.
    clearRefusedCookies(record, consentCookies(analyticsCookies, marketingCookies));
    setOpen(false);
    setShowDetails(false);
    setFocusDetails(false);
    updateConsentMode(record);
    activateConsentScripts(record);
    emit("agency-consent-change", record);
    // Proof of consent for the agency; the visitor's choice already holds locally, so a failure here is not theirs.
    consentApi.recordConsent(api, record).catch(() => {});
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  };

  // Accepting from an embed's placeholder is a decision like the banner's: the other category stays as it was.
  const acceptFromEmbed = (category: OptionalCategory) =>
    decide({ analytics: current?.analytics ?? false, marketing: current?.marketing ?? false, [category]: true });
  const embeds = hasHeldFrames && (
    <Suspense fallback={null}>
      <ConsentEmbeds consent={current} onAccept={acceptFromEmbed} />
    </Suspense>
  );
  if (!open) return embeds;

  const policy = policyHref || localizedPath("/cookie-policy", settings.locale);
  const detailsId = `${id}-details`;
  // Global Privacy Control refuses marketing: 'accept' then means everything else, and only a tick turns it on.
  // Departs from the specification: with GPC, 'accept' leaves marketing off (docs/decisions/0013-gpc-narrows-accept-all.md).
  const acceptAll = () => decide({ analytics: true, marketing: !gpc });

  return (
    <>
      {embeds}
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

          {gpc && (
            <p className="consent__gpc">
              <Trans>
                Your browser sends a Global Privacy Control signal, and we respect it: marketing cookies stay off unless
                you switch them on yourself in 'Cookie settings'.
              </Trans>
            </p>
          )}

          {showDetails && (
            <Suspense fallback={null}>
              <ConsentDetails
                id={id}
                choice={choice}
                onChange={setChoice}
                onSave={() => decide(choice)}
                focusFirst={focusDetails}
                record={current}
              />
            </Suspense>
          )}

          <div className="consent__actions">
            <button
              type="button"
              className="ag-button ag-button--secondary"
              aria-expanded={showDetails}
              {...(showDetails ? { "aria-controls": detailsId } : {})}
              // Most visitors decide without the details: their code is fetched when a pointer or focus comes here.
              onPointerEnter={prefetchDetails}
              onFocus={prefetchDetails}
              onClick={() => setShowDetails((shown) => !shown)}
            >
              <Trans>Cookie settings</Trans>
            </button>
            <button type="button" className="ag-button" onClick={() => decide({ analytics: false, marketing: false })}>
              <Trans>Only necessary</Trans>
            </button>
            <button type="button" className="ag-button" onClick={acceptAll}>
              {gpc ? <Trans>Accept analytics</Trans> : <Trans>Accept all</Trans>}
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
    </>
  );
}
