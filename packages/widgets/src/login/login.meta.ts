import { commonAttributes, navigateEvent, type ElementMeta } from "../element/element-meta";

export const loginMeta = {
  tag: "agency-login",
  className: "AgencyLoginElement",
  description:
    "Log in, register and reset a password: three views in one element. A visitor who is already logged in is sent on to redirect-to.",
  attributes: {
    ...commonAttributes,
    view: {
      type: "string",
      values: ["login", "register", "forgot"],
      default: "login",
      description: "Which view to show; changing it switches the view.",
    },
    redirectTo: {
      type: "string",
      default: "/dashboard",
      description:
        "Where a successful login, or a visitor who is already logged in, goes: a relative or same-origin http(s) address; anything else (javascript:, another host) is ignored with a console warning.",
    },
  },
  events: {
    "agency-login-success": { detail: "AgencyUser", cancelable: false, description: "A visitor logged in." },
    "agency-register-success": { detail: "AgencyUser", cancelable: false, description: "A visitor created an account." },
    "agency-navigate": {
      ...navigateEvent,
      description:
        "The element wants to go to another page. Links between its own views (/login, /register, /forgot-password) switch the view in place unless cancelled; any other link is followed unless cancelled.",
    },
  },
  parts: {
    root: "The element's outer box.",
    view: "The current view.",
    form: "The view's form.",
    submit: "The view's submit button.",
  },
  cssProperties: {
    "--agency-login-max-width": "Maximum width of the element.",
    "--agency-login-padding": "Padding inside the element.",
  },
} as const satisfies ElementMeta;
