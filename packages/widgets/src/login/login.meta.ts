import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const loginMeta = {
  tag: "agency-login",
  attributes: {
    ...commonAttributes,
    view: { type: "string", values: ["login", "register", "forgot"], default: "login" },
    redirectTo: { type: "string", default: "/dashboard" },
    invitationToken: { type: "string" },
  },
  events: {
    "agency-login-success": { cancelable: false },
    "agency-register-success": { cancelable: false },
    "agency-invitation-accept": { cancelable: false },
    "agency-navigate": navigateEvent,
  },
} as const satisfies ElementMeta;

export const loginDocs: ElementDocs<typeof loginMeta> = {
  description:
    "Log in (with the code step of two-step verification), register and reset a password: three views in one element. A visitor who is already logged in is sent on to redirect-to. " +
    "With invitation-token it is the page of an invitation to a company: it shows who invites the visitor to which company, and accepts once they have logged in or registered.",
  attributes: {
    view: { description: "Which view to show; changing it switches the view." },
    invitationToken: {
      description:
        "The token of an invitation to a company: the `token` of the invitation mail's link (`/join?token=…`). The element shows the invitation " +
        "(looking changes nothing), lets the visitor log in or register with the invited address, accepts it right after (a visitor signed in " +
        "already, with one click) and then goes on to redirect-to.",
    },
    redirectTo: {
      description:
        "Where a successful login, or a visitor who is already logged in, goes: a relative or same-origin http(s) address; anything else (javascript:, another host) is ignored with a console warning.",
    },
  },
  events: {
    "agency-login-success": "A visitor logged in, with a password or a passkey.",
    "agency-register-success": "A visitor created an account.",
    "agency-invitation-accept": "The visitor accepted the invitation of invitation-token; the detail is the company they joined and their role there.",
    "agency-navigate":
      "The element wants to go to another page. Links between its own views (/login, /register, /forgot-password) switch the view in place unless cancelled; any other link is followed unless cancelled.",
  },
  parts: {
    root: "The element's outer box.",
    view: "The current view.",
    "second-factor": "The code step after the password, on an account with two-step verification (also part `view`).",
    form: "The view's form.",
    submit: "The view's submit button.",
    passkey: "The 'Sign in with a passkey' button of the login view (shown when the browser supports passkeys).",
    invitation: "The invitation of invitation-token, above the views.",
    accept: "The invitation's 'Accept and join' button, for a visitor signed in already.",
  },
  cssProperties: {
    "--agency-login-max-width": "Maximum width of the element.",
    "--agency-login-padding": "Padding inside the element.",
  },
};
