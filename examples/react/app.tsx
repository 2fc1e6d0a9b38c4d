// The React 19 JSX types: <agency-*> attributes and the on<event> props React 19 binds on custom elements.
/// <reference types="@agency/widgets/react" />
import type { AgencyPackageSelectDetail, AgencyPricingElement } from "@agency/widgets";
import { useRef, useState } from "react";

type Locale = "nl" | "en";
type Theme = "light" | "dark" | "auto";
type LoginView = "login" | "register" | "forgot";

/** The login element's own views, by the path its links announce in agency-navigate. */
const LOGIN_VIEWS: Record<string, LoginView> = { "/login": "login", "/register": "register", "/forgot-password": "forgot" };

export function App() {
  const [locale, setLocale] = useState<Locale>("en");
  // The theme as a JSX attribute of each element (AgencyWidgets.configure({ theme }) would set it page-wide).
  const [theme, setTheme] = useState<Theme>("light");
  const [showIncluded, setShowIncluded] = useState(true);
  const [chosen, setChosen] = useState<AgencyPackageSelectDetail | null>(null);
  const [view, setView] = useState<LoginView>("login");
  const [readBack, setReadBack] = useState("");
  const pricing = useRef<AgencyPricingElement>(null);


  return (
    <main>
      <h1>The agency elements in React 19</h1>
      <p>
        <button type="button" onClick={() => setLocale(locale === "en" ? "nl" : "en")}>
          Switch language
        </button>{" "}
        <label>
          Theme{" "}
          <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="auto">Auto</option>
          </select>
        </label>{" "}
        <label>
          <input type="checkbox" checked={showIncluded} onChange={(event) => setShowIncluded(event.target.checked)} /> Show what's
          included
        </label>
      </p>

      <h2>Pricing</h2>
      <agency-pricing
        ref={pricing}
        locale={locale}
        theme={theme}
        show-included={showIncluded}
        onagency-package-select={(event) => {
          // This page handles the choice itself: the element then stays put (no agency-navigate).
          event.preventDefault();
          setChosen(event.detail);
        }}
      />
      <p id="chosen" aria-live="polite">
        {chosen ? `Chosen: ${chosen.name}, ${chosen.startupFee} ${chosen.currency}` : "No package chosen yet"}
      </p>
      <p>
        {/* The element's properties reflect its attributes: read back what React set. */}
        <button
          type="button"
          onClick={() => setReadBack(`showIncluded = ${String(pricing.current?.showIncluded)}, locale = ${String(pricing.current?.locale)}`)}
        >
          Read the element's properties
        </button>{" "}
        <output id="read-back">{readBack}</output>
      </p>

      <h2>Log in</h2>
      <agency-login
        locale={locale}
        theme={theme}
        view={view}
        onagency-navigate={(event) => {
          const next = LOGIN_VIEWS[event.detail.to];
          if (!next) return;
          // Route it through React state instead: the view attribute follows.
          event.preventDefault();
          setView(next);
        }}
      />
      <p>
        View chosen by this page: <output id="login-view">{view}</output>
      </p>
    </main>
  );
}
