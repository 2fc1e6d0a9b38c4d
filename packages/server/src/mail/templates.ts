import type { Locale } from "../types";

export interface MailContent {
  subject: string;
  text: string;
  html?: string;
}

export interface ContactNotificationData {
  id: number;
  name: string;
  email: string;
  company: string;
  phone: string;
  projectType: string;
  budgetRange: string;
  timeline: string;
  domainStatus: string;
  features: string[];
  hearAboutUs: string;
  primaryGoal: string;
  biggestChallenge: string;
  currentWebsite: string;
  message: string;
  language: Locale;
  source: string;
  pageUrl: string;
  utm: Record<string, string>;
  createdAt: Date;
}

/**
 * Every mail the server sends, per locale. The `Record<Locale, MailTemplates>` type makes a template missing in
 * one language a compile error.
 */
export interface MailTemplates {
  resetPassword(data: { name: string; link: string }): MailContent;
  passwordChanged(data: { name: string; loginUrl: string }): MailContent;
  /** To the agency inbox. */
  contactNotification(data: ContactNotificationData): MailContent;
}

const contactLines = (d: ContactNotificationData, labels: Record<string, string>): string[] => {
  const rows: [string, string][] = [
    [labels.name!, d.name],
    [labels.email!, d.email],
    [labels.company!, d.company],
    [labels.phone!, d.phone],
    [labels.website!, d.currentWebsite],
    [labels.projectType!, d.projectType],
    [labels.budget!, d.budgetRange],
    [labels.timeline!, d.timeline],
    [labels.domain!, d.domainStatus],
    [labels.features!, d.features.join(", ")],
    [labels.goal!, d.primaryGoal],
    [labels.challenge!, d.biggestChallenge],
    [labels.heard!, d.hearAboutUs],
    [labels.language!, d.language],
    [labels.source!, [d.source, d.pageUrl].filter(Boolean).join(" — ")],
    ["UTM", Object.entries(d.utm).map(([k, v]) => `${k}=${v}`).join(", ")],
  ];
  const lines = rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`);
  if (d.message) lines.push("", `${labels.message}:`, d.message);
  return lines;
};

export const templates: Record<Locale, MailTemplates> = {
  en: {
    resetPassword: ({ name, link }) => ({
      subject: "Reset your password",
      text: [
        `Hello ${name},`,
        "",
        "Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:",
        "",
        link,
        "",
        "The link works once and expires in 24 hours. If you did not ask for this, you can ignore this e-mail; your password stays the same.",
      ].join("\n"),
    }),
    passwordChanged: ({ name, loginUrl }) => ({
      subject: "Your password was changed",
      text: [
        `Hello ${name},`,
        "",
        "The password of your account was just changed, and every device that was logged in has been logged out.",
        `You can log in with your new password at ${loginUrl}`,
        "",
        "If you did not do this, reset your password right away and contact us by replying to this e-mail.",
      ].join("\n"),
    }),
    contactNotification: (d) => ({
      subject: `New quote request #${d.id} from ${d.name}${d.company ? ` (${d.company})` : ""}`,
      text: [
        `A quote request came in on ${d.createdAt.toISOString()}.`,
        "",
        ...contactLines(d, {
          name: "Name", email: "E-mail", company: "Company", phone: "Phone", website: "Current website",
          projectType: "Project type", budget: "Budget", timeline: "Timeline", domain: "Domain",
          features: "Features", goal: "Primary goal", challenge: "Biggest challenge", heard: "Heard about us via",
          language: "Language", source: "Source", message: "Message",
        }),
        "",
        "Reply within 24 hours, as the site promises.",
      ].join("\n"),
    }),
  },
  nl: {
    resetPassword: ({ name, link }) => ({
      subject: "Stel je wachtwoord opnieuw in",
      text: [
        `Hallo ${name},`,
        "",
        "Iemand (hopelijk jij) heeft gevraagd het wachtwoord van je account opnieuw in te stellen. Open deze link om een nieuw wachtwoord te kiezen:",
        "",
        link,
        "",
        "De link werkt één keer en verloopt na 24 uur. Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.",
      ].join("\n"),
    }),
    passwordChanged: ({ name, loginUrl }) => ({
      subject: "Je wachtwoord is gewijzigd",
      text: [
        `Hallo ${name},`,
        "",
        "Het wachtwoord van je account is zojuist gewijzigd en alle apparaten die ingelogd waren, zijn uitgelogd.",
        `Je kunt inloggen met je nieuwe wachtwoord via ${loginUrl}`,
        "",
        "Heb je dit niet zelf gedaan? Stel dan meteen je wachtwoord opnieuw in en neem contact met ons op door op deze e-mail te antwoorden.",
      ].join("\n"),
    }),
    contactNotification: (d) => ({
      subject: `Nieuwe offerteaanvraag #${d.id} van ${d.name}${d.company ? ` (${d.company})` : ""}`,
      text: [
        `Er is een offerteaanvraag binnengekomen op ${d.createdAt.toISOString()}.`,
        "",
        ...contactLines(d, {
          name: "Naam", email: "E-mail", company: "Bedrijf", phone: "Telefoon", website: "Huidige website",
          projectType: "Soort project", budget: "Budget", timeline: "Planning", domain: "Domein",
          features: "Functies", goal: "Hoofddoel", challenge: "Grootste uitdaging", heard: "Gevonden via",
          language: "Taal", source: "Bron", message: "Bericht",
        }),
        "",
        "Reageer binnen 24 uur, zoals de site belooft.",
      ].join("\n"),
    }),
  },
};
