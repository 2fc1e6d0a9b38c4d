import type { FastifyInstance } from "fastify";
import { ApiError } from "./api-error";

/**
 * The deepest nesting of arrays and objects a JSON body may have. No request of this API nests more than a few
 * levels; JSON.parse and the schema validator recurse, so a body nested tens of thousands deep overflows the stack.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Where `text` nests arrays and objects deeper than `limit`, found in one pass without recursion: the top-level
 * property it happens under (for the answer's `fields`), "" when there is none, or null when it nests no deeper.
 */
export function jsonTooDeepAt(text: string, limit: number): string | null {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let lastTopString = "";
  let key = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped, a quote included
      else if (c === 0x22) {
        inString = false;
        if (depth === 1) lastTopString = text.slice(stringStart + 1, i);
      }
    } else if (c === 0x22) {
      inString = true;
      stringStart = i;
    } else if (c === 0x3a && depth === 1) key = lastTopString;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key) ? key : "";
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/**
 * Fastify's own JSON parser (its prototype-poisoning guard and its errors for empty or malformed bodies), behind a
 * depth check: a body nested deeper than MAX_JSON_DEPTH is answered 400 `request.invalid` before it is parsed.
 * Plugins that need the raw body (the Stripe webhook) replace it for their own routes.
 */
export function installDepthLimitedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    const field = jsonTooDeepAt(text, MAX_JSON_DEPTH);
    if (field !== null) {
      done(new ApiError(400, "request.invalid", `JSON body nested deeper than ${MAX_JSON_DEPTH}`, { fields: [field || "body"] }), undefined);
      return;
    }
    parse(request, text, done);
  });
}
