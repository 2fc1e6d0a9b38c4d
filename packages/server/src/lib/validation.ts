import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";

/**
 * Bodies are validated without type coercion (a number where a string belongs is a 400, not silently "123");
 * query strings and params are text on the wire, so there numbers are coerced. Strings with NUL are refused up
 * front: PostgreSQL cannot store them and would answer with a 500.
 */
export function validatorCompiler() {
  const options = { allErrors: true, removeAdditional: true, useDefaults: true, strict: false } as const;
  const strictAjv = addFormats(new Ajv({ ...options, coerceTypes: false }));
  const coercingAjv = addFormats(new Ajv({ ...options, coerceTypes: "array" }));
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    const validate = (httpPart === "body" ? strictAjv : coercingAjv).compile(schema);
    const wrapped = (data: unknown) => {
      const nulAt = findNul(data, "");
      if (nulAt !== null) {
        wrapped.errors = [
          { instancePath: nulAt, keyword: "nul", message: "must not contain NUL characters", params: {}, schemaPath: "" },
        ] as ErrorObject[];
        return false;
      }
      const ok = validate(data);
      wrapped.errors = validate.errors ?? null;
      return ok;
    };
    wrapped.errors = null as ErrorObject[] | null;
    return wrapped;
  };
}

function findNul(value: unknown, at: string): string | null {
  if (typeof value === "string") return value.includes("\0") ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${at}/${i}`);
      if (found !== null) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, `${at}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Top-level field an ajv error is about: "/features/3" → "features", missing "email" → "email". */
export function errorField(error: ErrorObject): string {
  if (error.keyword === "required") return String((error.params as { missingProperty: string }).missingProperty);
  const top = error.instancePath.split("/")[1];
  return top ? decodeURIComponent(top.replace(/~1/g, "/").replace(/~0/g, "~")) : "body";
}

function describe(error: ErrorObject): string {
  const field = errorField(error);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${field} is required`;
    case "minLength":
      return `${field} must be at least ${String(params.limit)} characters`;
    case "maxLength":
      return `${field} must be at most ${String(params.limit)} characters`;
    case "format":
      return params.format === "email" ? `${field} must be a valid e-mail address` : `${field} must be a valid ${String(params.format)}`;
    case "type":
      return `${field} must be ${String(params.type)}`;
    case "enum":
      return `${field} must be one of: ${(params.allowedValues as unknown[]).join(", ")}`;
    case "const":
      return `${field} must be ${JSON.stringify(params.allowedValue)}`;
    case "minimum":
    case "maximum":
      return `${field} must be ${error.keyword === "minimum" ? "at least" : "at most"} ${String(params.limit)}`;
    default:
      return `${field} ${error.message ?? "is invalid"}`;
  }
}

/** "Invalid body: email must be a valid e-mail address; password is required" plus the distinct fields. */
export function validationResponse(errors: ErrorObject[], context: string): { error: string; fields: string[] } {
  const fields = [...new Set(errors.map(errorField))];
  // anyOf/oneOf report one error per branch plus their own; the branch details say more than "must match a schema".
  const useful = errors.filter((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf");
  const messages = [...new Set((useful.length > 0 ? useful : errors).map(describe))];
  const text = messages.join("; ");
  return { error: `Invalid ${context}: ${text.charAt(0).toUpperCase()}${text.slice(1)}`, fields };
}

