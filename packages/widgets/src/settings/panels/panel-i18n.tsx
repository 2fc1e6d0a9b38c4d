import type { ComponentType } from "react";
import { withTexts } from "../../element/with-texts";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/** A panel component rendered with the panels' catalog, which comes with their chunk instead of with the element. */
export function withPanelTexts<P extends object>(Panel: ComponentType<P>): ComponentType<P> {
  return withTexts(Panel, { nl, en });
}
