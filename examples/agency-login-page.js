const log = document.getElementById("log");
const login = document.getElementById("login");
// This site's pages for the portal's routes; the element's own views stay in the element.
const routes = {
  "/dashboard": "agency-settings.html",
  "/subscribe": "agency-subscribe.html",
  "/contact": "agency-quote-form.html",
};
// An invitation's link pointed at this page (?token=…): the element becomes the invitation's page.
const invitation = new URLSearchParams(location.search).get("token");
if (invitation) login.setAttribute("invitation-token", invitation);
for (const name of ["agency-login-success", "agency-register-success", "agency-invitation-accept", "agency-navigate"]) {
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
  login.setAttribute("locale", login.getAttribute("locale") === "nl" ? "en" : "nl");
});
