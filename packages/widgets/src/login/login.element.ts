import { defineElement } from "../element/define-element";
import { Login, type LoginProps } from "./login";
import css from "./login.css?inline";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * `<agency-login view="login|register|forgot" redirect-to="/dashboard">`.
 * Events: agency-login-success and agency-register-success (detail: the user), agency-navigate.
 */
export const AgencyLogin = defineElement<LoginProps>({
  tag: "agency-login",
  component: Login,
  props: { view: "string", redirectTo: "string" },
  catalog: { nl, en },
  css,
});
