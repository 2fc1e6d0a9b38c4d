/** What the withdrawal routes answer, in the request's language (src/locales). */
export const withdrawalTexts = {
  received: /*i18n*/ {
    id: "withdrawal.received",
    message:
      "We have received your statement of withdrawal. If the details belong to an account with us, a confirmation is on its way to that account's e-mail address; it says what happens next.",
  },
  restored: /*i18n*/ { id: "withdrawal.undo.restored", message: "Done: the withdrawal has been undone and your subscription runs on." },
  resumed: /*i18n*/ { id: "withdrawal.undo.resumed", message: "Done: the cancellation has been undone and your subscription runs on." },
  refunded: /*i18n*/ {
    id: "withdrawal.undo.refunded",
    message:
      "This withdrawal was carried out and what you paid has been refunded, so nothing can be undone: your subscription stays ended and it cost you nothing. You can subscribe again at any time.",
  },
  nothingToUndo: /*i18n*/ {
    id: "withdrawal.undo.nothing",
    message: "There was nothing left to undo: your account already has a running subscription, or the subscription's period is over.",
  },
};
