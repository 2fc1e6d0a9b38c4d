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

/** The distinct top-level fields a list of ajv errors is about, in order. */
export function errorFields(errors: ErrorObject[]): string[] {
  return [...new Set(errors.map(errorField))];
}
