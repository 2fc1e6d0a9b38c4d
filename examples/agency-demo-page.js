const log = document.getElementById("log");
const demo = document.getElementById("demo");
for (const name of ["agency-demo-click", "agency-navigate"]) {
  document.addEventListener(name, (event) => {
    log.textContent += `${name} ${JSON.stringify(event.detail)}\n`;
    if (name === "agency-navigate" && new URLSearchParams(location.search).has("cancel")) event.preventDefault();
  });
}
document.getElementById("switch").addEventListener("click", () => {
  demo.setAttribute("locale", demo.getAttribute("locale") === "nl" ? "en" : "nl");
});
