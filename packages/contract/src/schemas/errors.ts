import { Type, type Static, type TArray, type TInteger, type TObject, type TOptional, type TString, type TUnsafe } from "@sinclair/typebox";
import { ERROR_CODES, REQUEST_ERRORS, type ErrorCode } from "../error-codes";
import { StringEnum } from "./common";

type ErrorSchema = TObject<{
  error: TString;
  code: TUnsafe<ErrorCode>;
  fields: TOptional<TArray<TString>>;
  retryAfter: TOptional<TInteger>;
}>;

function errorSchema(codes: readonly ErrorCode[], description: string): ErrorSchema {
  return Type.Object(
    {
      error: Type.String({ description: "What went wrong, in the request's language" }),
      code: StringEnum(codes, { description: "Stable identifier of the error; clients translate it" }) as TUnsafe<ErrorCode>,
      fields: Type.Optional(Type.Array(Type.String(), { description: "The body or query fields at fault" })),
      retryAfter: Type.Optional(Type.Integer({ minimum: 1, description: "Seconds until a throttled call may be retried (also the Retry-After header)" })),
    },
    { description },
  );
}

/** Every error answer, with every code there is. */
export const ErrorResponseSchema = errorSchema(ERROR_CODES, "An error answer");
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/**
 * The error answers of a route: per status, the codes it can answer with. A 400 can always also be a body or query
 * that does not fit (REQUEST_ERRORS), a 401 is always `auth.required`, and a 503 can always also be the database
 * (away, or too slow), so those are added here.
 */
export function errorResponses<const S extends number>(codes: { [K in S]: readonly ErrorCode[] }): { [K in S]: ErrorSchema } {
  const schemas = {} as { [K in S]: ErrorSchema };
  for (const [status, list] of Object.entries(codes) as [string, readonly ErrorCode[]][]) {
    const all: ErrorCode[] = [...list];
    if (status === "400") all.push(...REQUEST_ERRORS);
    if (status === "401") all.push("auth.required");
    if (status === "503") all.push("server.unavailable", "server.database_timeout");
    schemas[Number(status) as S] = errorSchema([...new Set(all)], `Error: ${[...new Set(all)].join(", ")}`);
  }
  return schemas;
}
