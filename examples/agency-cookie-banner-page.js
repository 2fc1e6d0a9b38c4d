const log = document.getElementById("log");
const banner = document.getElementById("banner");
const showConsent = () => {
  document.getElementById("consent").textContent = JSON.stringify(window.AgencyWidgets?.getConsent?.() ?? null);
  // Each dataLayer entry is gtag's arguments object.
  document.getElementById("datalayer").textContent = (window.dataLayer ?? []).map((entry) => JSON.stringify(Array.from(entry))).join("\n");
};
document.addEventListener("agency-consent-change", (event) => {
  log.textContent += `agency-consent-change ${JSON.stringify(event.detail)}\n`;
  showConsent();
});
document.addEventListener("agency-navigate", (event) => {
  log.textContent += `agency-navigate ${JSON.stringify(event.detail)}\n`;
});
customElements.whenDefined("agency-cookie-banner").then(showConsent);
document.getElementById("open").addEventListener("click", () => window.AgencyWidgets.openCookieSettings());
document.getElementById("forget").addEventListener("click", () => {
  // The elements keep what they store under "agency." on any origin but the agency's own (where their API is).
  const own = new URL(banner.getAttribute("api-base"), location.href).origin === location.origin;
  localStorage.removeItem(own ? "cookieConsent" : "agency.cookieConsent");
  location.reload();
});
document.getElementById("switch").addEventListener("click", () => {
  const next = banner.getAttribute("locale") === "nl" ? "en" : "nl";
  banner.setAttribute("locale", next);
  // The agency's site, wherever this page was configured to find it.
  const agency = new URL(banner.getAttribute("policy-href"), location.href).origin;
  banner.setAttribute("policy-href", `${agency}${next === "en" ? "/en/cookie-policy" : "/cookie-policy"}`);
});
