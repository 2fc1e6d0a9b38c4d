const log = document.getElementById("log");
const pricing = document.getElementById("pricing");
const stay = document.getElementById("stay");
stay.checked = new URLSearchParams(location.search).has("stay");
for (const name of ["agency-package-select", "agency-navigate"]) {
  document.addEventListener(name, (event) => {
    log.textContent += `${name} ${JSON.stringify(event.detail)}\n`;
    if (name === "agency-navigate" && stay.checked) event.preventDefault();
  });
}
document.getElementById("switch").addEventListener("click", () => {
  const next = pricing.getAttribute("locale") === "nl" ? "en" : "nl";
  pricing.setAttribute("locale", next);
  // The agency's site, wherever this page was configured to find it.
  const agency = new URL(pricing.getAttribute("contact-href"), location.href).origin;
  pricing.setAttribute("contact-href", `${agency}${next === "en" ? "/en/contact" : "/contact"}`);
});
