import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Throws when `value` does not match `schema`; for answers serialised by hand (the cached blog list). */
export function assertMatches(schema: object, value: unknown, what: string): void {
  const validate = validatorFor(schema);
  if (!validate(value)) throw new Error(`${what} does not match its schema: ${ajv.errorsText(validate.errors)}`);
}

/**
 * Every JSON answer is checked against the schema its route documents for that status, before it is serialised:
 * the contract's schemas describe what the API really sends, not what it meant to send. An answer that does not
 * match is a bug; it becomes a 500 (logged with the differences) rather than an answer clients cannot rely on.
 */
async function responseValidationPlugin(app: FastifyInstance) {
  app.addHook("preSerialization", async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, object> | undefined;
    const documented = schemas?.[String(reply.statusCode)] as { content?: Record<string, { schema: object }> } | undefined;
    // An answer documented per media type (JSON or CSV) is checked against its JSON schema; text is sent as it is.
    const schema = documented?.content ? documented.content["application/json"]?.schema : documented;
    if (!schema) return payload;
    const validate = validatorFor(schema);
    if (!validate(payload)) {
      request.log.error({ status: reply.statusCode, errors: validate.errors }, "answer does not match the route's documented schema");
      throw new Error(`The ${reply.statusCode} answer of ${request.method} ${request.routeOptions.url} does not match its schema`);
    }
    return payload;
  });
}

export default fp(responseValidationPlugin, { name: "response-validation" });
