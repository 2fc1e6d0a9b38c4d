// The page's own script, a file as the policy demands: it logs the elements' events and any policy violation,
// and keeps the visitor on this page when an element wants to leave it, except for agency-login's links between
// its own views (it switches them in place when nobody cancels).
const log = document.getElementById("log");
const write = (line) => (log.textContent += `${line}\n`);

document.addEventListener("securitypolicyviolation", (event) => {
  write(`csp-violation ${event.violatedDirective} ${event.blockedURI}`);
});

const LOGIN_VIEWS = ["/login", "/register", "/forgot-password"];

for (const name of ["agency-quote-submitted", "agency-quote-failed", "agency-package-select", "agency-navigate"]) {
  document.addEventListener(name, (event) => {
    write(`${name} ${JSON.stringify(event.detail)}`);
    if (name === "agency-navigate" && !(event.detail.source === "agency-login" && LOGIN_VIEWS.includes(event.detail.to))) {
      event.preventDefault();
    }
  });
}
