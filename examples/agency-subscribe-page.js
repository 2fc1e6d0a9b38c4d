const log = document.getElementById("log");
const subscribe = document.getElementById("subscribe");
const routes = { "/login": "agency-login.html", "/dashboard": "agency-settings.html" };
for (const name of ["agency-subscription-success", "agency-navigate"]) {
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
  subscribe.setAttribute("locale", subscribe.getAttribute("locale") === "nl" ? "en" : "nl");
});
