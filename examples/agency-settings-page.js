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
// For trying the pages again: the element keeps the session in localStorage (keys "token" and "user").
document.getElementById("forget").addEventListener("click", () => {
  localStorage.removeItem("token");
  localStorage.removeItem("user");
  location.reload();
});
