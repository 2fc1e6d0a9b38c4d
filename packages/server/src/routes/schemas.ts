import { Type, type TUnsafe } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import type { Locale } from "../types";

/** A string enumeration as a plain JSON-schema `enum`, which gives one readable error instead of one per literal. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

export const ErrorResponse = Type.Object(
  {
    error: Type.String(),
    fields: Type.Optional(Type.Array(Type.String())),
    retryAfter: Type.Optional(Type.Integer()),
  },
  { description: "Every error answer" },
);

export const LocaleSchema = StringEnum(["nl", "en"] as const);

/** Error answers for the given status codes, for the OpenAPI document and the serializer. */
export function errors<const C extends number>(...codes: C[]): { [K in C]: typeof ErrorResponse } {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as { [K in C]: typeof ErrorResponse };
}

/**
 * Language of the answer: an explicit `language` in the body wins, then the first nl/en in Accept-Language.
 * English otherwise, since a client that states nothing is more likely a tool than a Dutch visitor.
 */
export function requestLocale(request: FastifyRequest, explicit?: unknown): Locale {
  if (explicit === "nl" || explicit === "en") return explicit;
  const header = request.headers["accept-language"];
  if (typeof header === "string") {
    for (const part of header.split(",")) {
      const tag = part.trim().slice(0, 2).toLowerCase();
      if (tag === "nl" || tag === "en") return tag;
    }
  }
  return "en";
}

/** "12 minutes" / "12 minuten", rounded up so "Try again in N" never undersells the wait. */
export function minutesText(seconds: number, locale: Locale): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (locale === "nl") return minutes === 1 ? "1 minuut" : `${minutes} minuten`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
