/** What the passkey routes say besides errors (those are the contract's), in src/locales. */
export const passkeyTexts = {
  removed: /*i18n*/ { id: "account.passkey_removed", message: "The passkey has been removed." },
  /** A new passkey's name until its owner renames it: where it was added. */
  deviceName: /*i18n*/ { id: "account.passkey_device_name", message: "{browser} on {os}" },
  defaultName: /*i18n*/ { id: "account.passkey_default_name", message: "Passkey" },
};
