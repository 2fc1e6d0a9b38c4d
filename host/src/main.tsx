import "@agency/ui/styles/ui.css";
import "./app/color-scheme.css";
import "./app/app.css";
import { configure } from "@agency/core";
import { adoptLinkLanguage, keepLanguageCookie } from "./lib/language";
import { readRouterData } from "./lib/router-data";
import { startIslands } from "./runtime";
import { siteIslands } from "./site-islands";

/**
 * The site's entry. On a page the server sent (its data is in the page), the islands start and the router waits
 * for the first navigation; a page the browser renders itself (the portal) starts the whole app.
 */
// A link's language (`?lang=`) and a choice remembered before the language cookie existed become the cookie, so the
// server renders the next page in that language.
adoptLinkLanguage(window.location.search);
keepLanguageCookie();
// The site follows the visitor's colour scheme (app.css), and so do its elements.
configure({ theme: "auto" });
const loadApp = () => import("./app/site-app");
const data = readRouterData();
if (data) void startIslands(data, { islands: siteIslands, loadApp });
else void loadApp().then(({ renderInBrowser }) => renderInBrowser());
