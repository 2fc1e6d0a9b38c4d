import type { ComponentType } from "react";

/** What an element's `later-texts.ts` gives: a part of the element rendered with the texts that came with it. */
interface LaterTexts {
  withLaterTexts<P extends object>(Part: ComponentType<P>): ComponentType<P>;
}

/**
 * A part of an element that loads after its first screen, fetched with its texts (`import("./later-texts")`): the
 * part, rendered with them, once both are here. Neither is in the element's entry (see with-texts.tsx).
 */
export async function laterPart<C extends ComponentType<never>>(part: Promise<C>, texts: Promise<LaterTexts>): Promise<C> {
  const [Part, { withLaterTexts }] = await Promise.all([part, texts]);
  // The wrapper takes the part's own props.
  return withLaterTexts(Part as ComponentType<object>) as unknown as C;
}
