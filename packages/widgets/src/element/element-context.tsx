import type { ApiClient, ResolvedSettings } from "@agency/core";
import type { AgencyEventDetails, AgencyNavigateDetail } from "../events";
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";

/** The detail of `agency-navigate`. */
export type NavigateDetail = AgencyNavigateDetail;

/** Each published `agency-*` event's detail type, by event name (the demo element's own event is not published). */
type EventDetail<Name extends string> = Name extends keyof AgencyEventDetails ? AgencyEventDetails[Name] : unknown;

export interface ElementApi {
  host: HTMLElement;
  settings: ResolvedSettings;
  api: ApiClient;
  /**
   * Dispatches an `agency-*` CustomEvent that bubbles out of the shadow root (composed), cancelable when its meta
   * says so; returns false when a listener cancelled it. The detail must match the published type.
   */
  emit: <Name extends `agency-${string}`>(name: Name, detail: EventDetail<Name>) => boolean;
  /**
   * Asks the page to go somewhere: a cancelable `agency-navigate` event. A host router cancels it and routes
   * itself; when nobody does, the element follows the link with a full page load.
   */
  navigate: (to: string) => void;
  /** The href an app path resolves to under the base path. */
  hrefFor: (to: string) => string;
}

export const ElementContext = createContext<ElementApi | null>(null);

export function useElement(): ElementApi {
  const value = useContext(ElementContext);
  if (!value) throw new Error("useElement() must be used inside an agency-* element (defineElement)");
  return value;
}

function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A real link (middle-click and "open in new tab" keep working) that routes through `agency-navigate`
 * on a plain click.
 */
export function ElementLink({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const { navigate, hrefFor } = useElement();
  return (
    <a
      {...rest}
      href={hrefFor(to)}
      onClick={(event) => {
        rest.onClick?.(event);
        if (event.defaultPrevented || isModifiedClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
