// The first part of Google's tag snippet: the dataLayer queue and gtag(). It must run before the cookie banner's
// bundle, so a classic script placed above it (in a file, so a strict Content-Security-Policy allows it).
window.dataLayer = window.dataLayer || [];
window.gtag = function gtag() {
  window.dataLayer.push(arguments);
};
