import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadAllMailTemplates, mailModules, renderSamples } from "../../src/mail/registry";
import { serverSrcDir } from "../../src/paths";

const SITE = "https://agency.example";

describe("the mail templates' registry", () => {
  let names: string[];
  beforeAll(async () => {
    names = await loadAllMailTemplates(serverSrcDir);
  });

  it("holds every mail the server sends, found by itself", () => {
    expect(names).toEqual(
      expect.arrayContaining([
        "account.reset",
        "account.password_changed",
        "account.verify",
        "account.email_change",
        "account.email_changed",
        "account.email_in_use",
        "account.password_changed_in_settings",
        "account.sign_in_alert",
        "account.factor_added",
        "account.factor_removed",
        "account.address_proven",
        "account.secure_account",
        "desk.invitation",
        "desk.sign_in_failures",
        "team.invitation",
        "team.change",
        "quote.confirmation",
        "quote.notification",
        "subscription.started",
        "subscription.renewed",
        "subscription.payment_failed",
        "subscription.ended",
        "subscription.duplicate_refunded",
        "withdrawal.acknowledgement",
        "offer.sent",
        "offer.signed",
        "offer.signed_agency",
        "offer.delivered",
        "offer.reminder",
        "offer.upgrade_requested",
        "offer.welcome",
        "request.received",
        "request.reply",
        "request.agency",
      ]),
    );
  });

  it("finds a module that defines a mail without it being listed anywhere", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agency-mails-"));
    try {
      mkdirSync(path.join(dir, "offers"));
      writeFileSync(path.join(dir, "offers", "mails.ts"), 'export const offerMail = defineMail<{ link: string }>({ name: "offer.sent" });\n');
      writeFileSync(path.join(dir, "other.ts"), "export const nothing = 1;\n");
      expect(mailModules(dir)).toEqual([path.join(dir, "offers", "mails.ts")]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(["/", "/preview/abc/def/"])("writes every sample in Dutch and English, each link on the site (%s) and in the mail's language", (basePath) => {
    const samples = renderSamples({ publicUrl: SITE, basePath });
    for (const name of names) {
      for (const locale of ["nl", "en"] as const) expect(samples.some((s) => s.template === name && s.locale === locale), `${name} ${locale}`).toBe(true);
    }
    for (const sample of samples) {
      const context = `${sample.template} (${sample.locale}, ${sample.variant})`;
      expect(sample.subject.trim(), context).not.toBe("");
      // Every placeholder filled, no message id or English text left in a Dutch mail.
      expect(`${sample.subject}\n${sample.text}`, context).not.toMatch(/\{[a-zA-Z]+\}|mail\.[a-z_]+\.[a-z_]+/);
      if (sample.locale === "nl") expect(sample.text.replace(/https?:\/\/\S+/g, ""), context).not.toMatch(/\b(the|your|including|excluding)\b/i);
      for (const link of sample.links) {
        const url = new URL(link);
        expect(`${url.origin}${url.pathname}`.startsWith(`${SITE}${basePath}`), `${context}: ${link}`).toBe(true);
        // The agency's own mail repeats the page the visitor sent the form from, as that page's address was.
        if (sample.template === "quote.notification") continue;
        expect(url.searchParams.get("lang"), `${context}: ${link}`).toBe(sample.locale);
        if (url.pathname.includes("/desk/")) expect(url.pathname.includes("/en/desk/"), `${context}: ${link}`).toBe(sample.locale === "en");
        if (url.pathname.endsWith("/join")) expect(url.pathname.endsWith("/en/join"), `${context}: ${link}`).toBe(sample.locale === "en");
      }
    }
  });

  it("says every amount a subscription mail reports with its VAT, as the invoice has it", () => {
    const samples = renderSamples({ publicUrl: SITE, basePath: "/" }).filter((s) => s.template.startsWith("subscription."));
    const started = samples.find((s) => s.template === "subscription.started" && s.locale === "nl" && s.variant === 0)!;
    expect(started.text.replace(/\u00a0/g, " ")).toContain("Je Pro-abonnement is actief: € 566,28 (inclusief € 98,28 btw) per jaar.");
    const failed = samples.filter((s) => s.template === "subscription.payment_failed" && s.locale === "en");
    expect(failed[0]!.text).toContain("We could not collect the payment of €566.28 (including €98.28 VAT) for your Pro Plan subscription.");
    // A subscription whose invoice amounts are from before they were kept: the price, said to exclude VAT.
    expect(failed[2]!.text).toContain("the payment of €468.00 excluding VAT");
  });
});
