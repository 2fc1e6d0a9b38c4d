import { defineElement } from "../element/define-element";
import { formCatalog, formCss } from "@agency/ui/form";
import { messages as nl } from "./locales/nl.po";
import { Settings, type SettingsProps } from "./settings";
import css from "./settings.css?inline";
import { settingsMeta } from "./settings.meta";

export const AgencySettings = defineElement<SettingsProps>({
  meta: settingsMeta,
  component: Settings,
  catalog: [formCatalog, { nl, en: () => import("./locales/en.po") }],
  css: [formCss, css],
});
