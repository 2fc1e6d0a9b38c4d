import type { Locale } from "@agency/contract";
import type { Messages } from "@lingui/core";

/** A language's messages, at hand or as the module that brings them (`() => import("./locales/en.po")`). */
export type MessagesSource = Messages | (() => Promise<{ messages: Messages }>);

/**
 * An element's catalog. Dutch, the default language, is at hand; English may come as a module of its own, so a
 * Dutch page does not download the English texts of every element it shows, and an English one loads them once.
 */
export type ElementCatalog = { [L in Locale]: MessagesSource };

const loads = new WeakMap<() => Promise<{ messages: Messages }>, Promise<Messages>>();

function load(source: () => Promise<{ messages: Messages }>): Promise<Messages> {
  let loading = loads.get(source);
  if (!loading) {
    loading = source().then((module) => module.messages);
    loads.set(source, loading);
  }
  return loading;
}

/**
 * The messages of several catalogs in one language, merged in order: the object itself when every part is at
 * hand (so a Dutch element renders at once), else one promise per language until they have arrived. Texts that
 * cannot be loaded (offline) leave the element in Dutch rather than without words.
 */
export function messagesOf(catalogs: readonly ElementCatalog[], fallback: Locale): (locale: Locale) => Messages | Promise<Messages> {
  const ready = new Map<Locale, Messages>();
  const pending = new Map<Locale, Promise<Messages>>();
  const merge = (parts: Messages[]): Messages => Object.assign({}, ...parts);

  const messages = (locale: Locale): Messages | Promise<Messages> => {
    const known = ready.get(locale) ?? pending.get(locale);
    if (known) return known;
    const sources = catalogs.map((catalog) => catalog[locale]);
    if (sources.every((source) => typeof source !== "function")) {
      const merged = merge(sources as Messages[]);
      ready.set(locale, merged);
      return merged;
    }
    const loading = Promise.all(sources.map((source) => (typeof source === "function" ? load(source) : source))).then(
      merge,
      async (error: unknown) => {
        console.error(`The element's ${locale} texts could not be loaded`, error);
        return locale === fallback ? {} : await messages(fallback);
      },
    );
    pending.set(locale, loading);
    void loading.then((merged) => {
      ready.set(locale, merged);
      pending.delete(locale);
    });
    return loading;
  };
  return messages;
}
