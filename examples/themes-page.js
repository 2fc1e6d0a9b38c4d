const log = document.getElementById("log");
// This page stays where it is: every link an element follows is only logged.
for (const name of ["agency-navigate", "agency-login-success", "agency-consent-change"]) {
  document.addEventListener(name, (event) => {
    log.textContent += `${name} ${JSON.stringify(event.detail)}\n`;
    if (name === "agency-navigate") event.preventDefault();
  });
}
const preset = document.getElementById("preset");
preset.addEventListener("change", () => {
  for (const name of ["forest", "ink"]) document.getElementById(`preset-${name}`).disabled = preset.value !== name;
});
