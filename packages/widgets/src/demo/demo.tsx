import { Trans, useLingui } from "@lingui/react/macro";
import { ElementLink, useElement } from "../element/element-context";

export interface DemoProps {
  name?: string;
}

/**
 * The smallest element: proves the factory (shadow DOM, styles, locale, events, navigation) in unit tests and
 * in Chromium. Built as its own entry, never part of agency-widgets.js.
 */
export function Demo({ name }: DemoProps) {
  const { t } = useLingui();
  const { emit, settings } = useElement();
  const who = name ?? t`visitor`;
  return (
    <section className="demo" part="root">
      <p className="demo__greeting">
        <Trans>Hello, {who}!</Trans>
      </p>
      <p className="demo__meta">
        <Trans>API: {settings.apiBase}</Trans>
      </p>
      <button type="button" className="ag-button" onClick={() => emit("agency-demo-click", { name: who })}>
        <Trans>Say hello</Trans>
      </button>{" "}
      <ElementLink to="/register" className="ag-link">
        <Trans>Create an account</Trans>
      </ElementLink>
    </section>
  );
}
