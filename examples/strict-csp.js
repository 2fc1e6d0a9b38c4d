// The page's own script, a file as the policy demands: it logs the elements' events and any policy violation,
// and keeps the visitor on this page when the pricing table wants to leave it (agency-login switches its own
// views in place when nobody cancels).
const log = document.getElementById("log");
const write = (line) => (log.textContent += `${line}\n`);

document.addEventListener("securitypolicyviolation", (event) => {
  write(`csp-violation ${event.violatedDirective} ${event.blockedURI}`);
});

for (const name of ["agency-quote-submitted", "agency-quote-failed", "agency-package-select", "agency-navigate"]) {
  document.addEventListener(name, (event) => {
    write(`${name} ${JSON.stringify(event.detail)}`);
    if (name === "agency-navigate" && event.detail.source === "agency-pricing") event.preventDefault();
  });
}
