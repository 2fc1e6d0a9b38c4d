const log = document.getElementById("log");
const quote = document.getElementById("quote");
for (const name of ["agency-quote-submitted", "agency-quote-failed"]) {
  document.addEventListener(name, (event) => {
    log.textContent += `${name} ${JSON.stringify(event.detail)}\n`;
  });
}
document.getElementById("switch").addEventListener("click", () => {
  quote.setAttribute("locale", quote.getAttribute("locale") === "nl" ? "en" : "nl");
});
