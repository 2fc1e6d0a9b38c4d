/**
 * The one side-effect entry: importing this file (or loading dist/agency-widgets.js) defines every agency-*
 * element and `window.AgencyWidgets`. Defining twice is harmless, so it may be loaded next to per-element entries.
 */
import "./quote-form/quote-form.element";
import "./pricing/pricing.element";
import "./login/login.element";
import "./subscribe/subscribe.element";
import "./settings/settings.element";
import "./cookie-banner/cookie-banner.element";
import { installGlobal } from "./element/global";

export const AgencyWidgets = installGlobal();
