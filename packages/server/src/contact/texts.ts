/** What the quote-request route says besides errors (those are the contract's), in src/locales. */
export const contactTexts = {
  sent: /*i18n*/ { id: "contact.sent", message: "Thank you! Your message has been sent." },
};
