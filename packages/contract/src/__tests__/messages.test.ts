import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { contractCatalog } from "../catalog";
import { ERROR_CODES } from "../error-codes";
import { errorAnswerText, errorText } from "../error-text";
import { ERROR_MESSAGES, FIELD_LABELS } from "../messages";

const i18nIn = (locale: "nl" | "en") => {
  const i18n = setupI18n();
  i18n.load(contractCatalog);
  i18n.activate(locale);
  return i18n;
};

describe("error texts", () => {
  it("has a message for every code, with the code as its id, in both catalogs", () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code].id).toBe(code);
      expect(contractCatalog.nl[code], `${code} nl`).toBeDefined();
      expect(contractCatalog.en[code], `${code} en`).toBeDefined();
    }
    for (const [field, label] of Object.entries(FIELD_LABELS)) expect(label.id).toBe(`field.${field}`);
  });

  it("says the same in each language with the details of the answer", () => {
    expect(errorText(i18nIn("nl"), "auth.invalid_credentials")).toBe("Onjuist e-mailadres of wachtwoord");
    expect(errorText(i18nIn("en"), "auth.too_many_attempts", { retryAfter: 61 })).toBe("Too many login attempts. Try again in 2 minutes.");
    expect(errorText(i18nIn("nl"), "auth.too_many_attempts", { retryAfter: 30 })).toBe("Te veel inlogpogingen. Probeer het over 1 minuut opnieuw.");
    expect(errorText(i18nIn("nl"), "contact.invalid_field", { fields: ["email", "phone", "budgetRange"] })).toBe(
      "Controleer de volgende velden: e-mailadres, telefoonnummer en budget.",
    );
    expect(errorText(i18nIn("en"), "request.invalid", { fields: ["newPassword", "mystery"] })).toBe(
      "Some of the information sent is missing or not valid: new password and mystery.",
    );
  });

  it("translates an answer by its code, and falls back to the server's text for a code it does not know", () => {
    const nl = i18nIn("nl");
    expect(errorAnswerText(nl, { error: "Invalid email or password", code: "auth.invalid_credentials" })).toBe("Onjuist e-mailadres of wachtwoord");
    expect(errorAnswerText(nl, { error: "Something new went wrong", code: "brand.new_code" })).toBe("Something new went wrong");
    expect(errorAnswerText(nl, { error: "No code at all" })).toBe("No code at all");
    expect(errorAnswerText(nl, "Bad Gateway")).toBeUndefined();
    expect(errorAnswerText(nl, { error: "" })).toBeUndefined();
  });

  it("keeps the server's text for a wait it cannot say itself", () => {
    const nl = i18nIn("nl");
    expect(errorAnswerText(nl, { error: "Probeer het over 3 minuten opnieuw.", code: "auth.too_many_attempts" })).toBe("Probeer het over 3 minuten opnieuw.");
    expect(errorAnswerText(nl, { code: "auth.too_many_attempts", retryAfter: 180 })).toBe("Te veel inlogpogingen. Probeer het over 3 minuten opnieuw.");
  });
});
