import { commonAttributes, navigateEvent, type ElementMeta } from "../element/element-meta";

/** The factory's test element: built as its own entry, never published. */
export const demoMeta = {
  tag: "agency-demo",
  className: "AgencyDemoElement",
  description: "A greeting that proves the element factory.",
  attributes: {
    ...commonAttributes,
    name: { type: "string", description: "Who to greet." },
  },
  events: {
    "agency-demo-click": { detail: "{ name: string }", cancelable: false, description: "The button was pressed." },
    "agency-navigate": navigateEvent,
  },
  parts: { root: "The greeting." },
  cssProperties: {},
} as const satisfies ElementMeta;
