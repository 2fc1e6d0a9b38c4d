import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import type { Config } from "./config";
import type { Db } from "./db/db";
import type { Mailer } from "./mail/mailer";
import backgroundPlugin from "./plugins/background";
import dbPlugin from "./plugins/db";
import mailerPlugin from "./plugins/mailer";
import authPlugin from "./plugins/auth";
import securityPlugin from "./plugins/security";
import staticSitePlugin, { type StaticSiteOptions } from "./plugins/static-site";
import apiRoutes from "./routes/api/index";
import { startJobs } from "./jobs/scheduler";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests). It is migrated but not closed. */
  db?: Db;
  mailer?: Mailer;
  staticSite?: StaticSiteOptions;
  /** Run the retention and mail-retry jobs (at ready and on a timer). Default true. */
  jobs?: boolean;
  logger?: FastifyServerOptions["logger"];
}

/** Request bodies above this are refused with 413; the largest legitimate body (a quote request) is a few KB. */
export const BODY_LIMIT = 100 * 1024;

export type App = FastifyInstance;

/**
 * Bodies are validated without type coercion (a number where a string belongs is a 400, not silently "123");
 * query strings and params are text on the wire, so there numbers are coerced. Strings with NUL are refused up
 * front: PostgreSQL cannot store them and would answer with a 500.
 */
function validatorCompiler() {
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

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON in the request body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object",
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is too large (limit ${BODY_LIMIT / 1024} KB)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type; send application/json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body",
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(validationResponse(error.validation as ErrorObject[], error.validationContext ?? "request"));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      // Never the message or stack: they can carry SQL, paths or secrets.
      return reply.code(status === 503 ? 503 : 500).send({ error: "Something went wrong on our side. Please try again later." });
    }
    const known = error.code ? CLIENT_ERROR_MESSAGES[error.code] : undefined;
    return reply.code(status).send({ error: known ?? error.message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split("?")[0]}` }),
  );

  app.register(fp(async (instance: FastifyInstance) => instance.decorate("config", config), { name: "config" }));

  // External plugins.
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Agency API",
        version: "1.0.0",
        description: "API of the agency site. Also reachable under /preview/{first}/{second}/api.",
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    // The preview mount is the same API; documenting it twice would only add noise.
    transform: ({ schema, url }) => ({
      schema: (url.startsWith("/preview/") ? { ...schema, hide: true } : schema) as typeof schema,
      url,
    }),
  });

  // App plugins.
  await app.register(backgroundPlugin);
  await app.register(dbPlugin, { db: opts.db });
  await app.register(securityPlugin);
  await app.register(mailerPlugin, { mailer: opts.mailer });
  await app.register(authPlugin);

  // Routes: one API, mounted at both bases of spec §7.
  await app.register(apiRoutes, { prefix: "/api" });
  await app.register(apiRoutes, { prefix: "/preview/:first/:second/api" });
  await app.register(staticSitePlugin, opts.staticSite ?? {});

  if (opts.jobs !== false) startJobs(app);

  return app;
}
