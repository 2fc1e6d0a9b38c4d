// The rest of Google's snippet. A module placed after the banner's module runs after it (modules run in document
// order), so the banner's `consent default` (all denied) is already queued before these commands. A real page
// loads Google's library here too: <script async src="https://www.googletagmanager.com/gtag/js?id=G-…">.
window.gtag("js", new Date());
window.gtag("config", "G-EXAMPLE");
