import { commonAttributes, navigateEvent, type ElementMeta } from "../element/element-meta";

/** The factory's test element: built as its own entry, never published (so it has no docs). */
export const demoMeta = {
  tag: "agency-demo",
  attributes: { ...commonAttributes, name: { type: "string" } },
  events: { "agency-demo-click": { cancelable: false }, "agency-navigate": navigateEvent },
} as const satisfies ElementMeta;
