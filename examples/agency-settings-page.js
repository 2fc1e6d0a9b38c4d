const log = document.getElementById("log");
const settings = document.getElementById("settings");
const routes = { "/login": "agency-login.html", "/subscribe": "agency-subscribe.html" };
for (const name of ["agency-subscription-cancel", "agency-subscription-resume", "agency-navigate"]) {
  document.addEventListener(name, (event) => {
    log.textContent += `${name} ${JSON.stringify(event.detail)}\n`;
    const page = name === "agency-navigate" ? routes[event.detail.to] : undefined;
    if (page) {
      event.preventDefault();
      location.assign(page);
    }
  });
}
document.getElementById("switch").addEventListener("click", () => {
  settings.setAttribute("locale", settings.getAttribute("locale") === "nl" ? "en" : "nl");
});
// For trying the pages again: the element keeps the session in localStorage, under "agency.token" and "agency.user"
// on any origin but the agency's own (where its API is, and the keys are "token" and "user").
document.getElementById("forget").addEventListener("click", () => {
  const prefix = new URL(settings.getAttribute("api-base"), location.href).origin === location.origin ? "" : "agency.";
  localStorage.removeItem(`${prefix}token`);
  localStorage.removeItem(`${prefix}user`);
  location.reload();
});
