import type { ComponentType } from "react";
import { withTexts } from "../element/with-texts";
import { messages as en } from "./locales/later/en.po";
import { messages as nl } from "./locales/later/nl.po";

/**
 * A part of the subscribe element that comes with the plans, after its first screen (the offer, the trust list),
 * rendered with its texts: they are fetched with it, not with the element (see lingui.config.ts).
 */
export function withLaterTexts<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return withTexts(Part, { nl, en });
}
