import { defineElement } from "../element/define-element";
import { formCatalog, formCss } from "@agency/ui/form";
import { Login, type LoginProps } from "./login";
import css from "./login.css?inline";
import { messages as nl } from "./locales/nl.po";
import { loginMeta } from "./login.meta";

export const AgencyLogin = defineElement<LoginProps>({
  meta: loginMeta,
  component: Login,
  catalog: [formCatalog, { nl, en: () => import("./locales/en.po") }],
  css: [formCss, css],
});
