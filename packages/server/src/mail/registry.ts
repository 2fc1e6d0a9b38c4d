import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LOCALES, type Locale } from "@agency/contract";

declare const madeByDefineMail: unique symbol;

/**
 * A mail's subject and text. Only a template made with `defineMail` writes one (the brand below makes a hand-built
 * `{ subject, text }` a type error), so every mail the server can send is in the registry: `npm run mails -- preview`
 * shows each, and the browser test e2e/mail-templates.spec.ts opens every link of each, in both languages.
 */
export interface MailContent {
  subject: string;
  text: string;
  html?: string;
  /** Write the mail with a template from defineMail (mail/registry.ts), which also gives it its samples. */
  readonly [madeByDefineMail]: "defineMail";
}

/** The site a mail's links point at: PUBLIC_URL and the base path the visitor used (`/` or `/preview/a/b/`). */
export interface MailSite {
  publicUrl: string;
  basePath: string;
}

/** What a template writes; the registry marks it as a MailContent. */
export type MailText = Omit<MailContent, typeof madeByDefineMail>;

export interface MailTemplate<Data> {
  /** Unique and stable, e.g. "account.reset" or "subscription.payment_failed". */
  name: string;
  render(locale: Locale, data: Data): MailText;
  /**
   * Data to write the mail with, one item for each variant whose text or links differ (a failed payment, one the
   * bank wants confirmed). Every link in it is built the way production builds it (the same function, for `site`
   * and `locale`), with a made-up token where one belongs: the preview and the browser test follow these links.
   */
  samples(site: MailSite, locale: Locale): Data[];
}

export type MailWriter<Data> = (locale: Locale, data: Data) => MailContent;

const templates = new Map<string, MailTemplate<unknown>>();

/**
 * Defines a mail: registers the template under its name and returns the function that writes it. Every mail goes
 * through one, so a new mail is previewed and its links are opened by the browser tests without touching them.
 */
export function defineMail<Data>(template: MailTemplate<Data>): MailWriter<Data> {
  if (templates.has(template.name)) throw new Error(`Two mail templates are named ${template.name}`);
  templates.set(template.name, template as MailTemplate<unknown>);
  return (locale, data) => template.render(locale, data) as MailContent;
}

/** A token in the samples: the pages links open take it for an unknown or used link, as they should. */
export const SAMPLE_TOKEN = "sample-token";

/** One sample of one template, written in one language, with the links it contains. */
export interface RenderedSample {
  template: string;
  locale: Locale;
  variant: number;
  subject: string;
  text: string;
  links: string[];
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** Every registered template's samples, written in every language. */
export function renderSamples(site: MailSite): RenderedSample[] {
  return [...templates.values()].flatMap((template) =>
    LOCALES.flatMap((locale) =>
      template.samples(site, locale).map((data, variant) => {
        const { subject, text } = template.render(locale, data);
        // A sentence may end a link with a full stop or colon; that is not part of the address.
        const links = [...new Set((text.match(LINK) ?? []).map((link) => link.replace(/[.,:;]+$/, "")))];
        return { template: template.name, locale, variant, subject, text, links };
      }),
    ),
  );
}

/** A call of defineMail, with or without its type argument. */
const DEFINES_MAIL = /\bdefineMail\s*[<(]/;

/** The modules under `srcDir` that define a mail: those that call defineMail. */
export function mailModules(srcDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") && file !== THIS_FILE) {
        if (DEFINES_MAIL.test(readFileSync(file, "utf8"))) found.push(file);
      }
    }
  };
  walk(srcDir);
  return found.sort();
}

/** This module, which names defineMail without defining a mail. */
const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Loads every module of the server's source that defines a mail, so the registry holds them all: nothing lists
 * them, so a new mail cannot be left out. (The running server needs no such step; it imports what it sends.)
 */
export async function loadAllMailTemplates(srcDir: string): Promise<string[]> {
  const modules = mailModules(srcDir);
  for (const file of modules) await import(pathToFileURL(file).href);
  return [...templates.keys()].sort();
}
