// The theme switch of the example pages, as a partner's page may offer one: the elements take the theme through
// AgencyWidgets.configure({ theme }), the page its own colours through <html data-theme>. `?theme=light|dark|auto`
// chooses it too; a theme chosen here is kept for the tab's other example pages (in this page's own sessionStorage).
// Loaded as a module after the bundle, so AgencyWidgets is there.
const KEY = "exampleTheme";
const THEMES = ["light", "dark", "auto"];
const asked = new URLSearchParams(location.search).get("theme");
const kept = sessionStorage.getItem(KEY);
const select = document.getElementById("theme");

function apply(theme, keep) {
  document.documentElement.dataset.theme = theme;
  window.AgencyWidgets?.configure({ theme });
  if (keep) sessionStorage.setItem(KEY, theme);
  if (select) select.value = theme;
}

apply(THEMES.includes(asked) ? asked : THEMES.includes(kept) ? kept : "light", THEMES.includes(asked));
select?.addEventListener("change", () => apply(select.value, true));
