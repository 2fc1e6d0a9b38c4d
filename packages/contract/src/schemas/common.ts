import { Type, type Static, type TSchema, type TUnsafe } from "@sinclair/typebox";
import { LOCALES } from "../rules";

/**
 * The server builds every schema with this one TypeBox (re-exported from `@agency/contract/schemas`), so the route
 * schemas and the contract's share their types.
 */
export { Type, type Static, type TSchema };

/** A string enumeration as a plain JSON-schema `enum`, which gives one readable error instead of one per literal. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

export const LocaleSchema = StringEnum(LOCALES, { description: "Language of the texts in the answer and of mails: nl or en" });

/** An ISO 8601 instant, e.g. 2027-03-05T09:00:00.000Z. */
export const DateTimeSchema = (description?: string) => Type.String({ format: "date-time", ...(description ? { description } : {}) });

export const SuccessMessageResponseSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ description: "In the request's language" }),
});
export type SuccessMessageResponse = Static<typeof SuccessMessageResponseSchema>;

export const HealthResponseSchema = Type.Object({ status: Type.Literal("ok") });
export type HealthResponse = Static<typeof HealthResponseSchema>;
export const ReadyResponseSchema = Type.Object({ status: Type.Literal("ready") });
export type ReadyResponse = Static<typeof ReadyResponseSchema>;
