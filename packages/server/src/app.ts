import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import type { ErrorObject } from "ajv";
import { validationResponse, validatorCompiler } from "./lib/validation";
import type { Config } from "./config";
import type { Db } from "./db/db";
import type { Mailer } from "./mail/mailer";
import backgroundPlugin from "./plugins/background";
import dbPlugin from "./plugins/db";
import mailerPlugin from "./plugins/mailer";
import authPlugin from "./plugins/auth";
import paymentsPlugin from "./plugins/payments";
import securityPlugin from "./plugins/security";
import requestLogPlugin from "./plugins/request-log";
import { loggerOptions, requestIdGenerator } from "./lib/logger";
import staticSitePlugin, { type StaticSiteOptions } from "./plugins/static-site";
import apiRoutes from "./routes/api/index";
import { startJobs } from "./jobs/scheduler";
import { syncBlog } from "./blog/sync";
import { blogContentDir } from "./paths";

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
  /** Folder of Markdown blog posts synced into the database at start (default `content/blog` in this package). */
  blogDir?: string;
  /** Run the retention and mail-retry jobs (at ready and on a timer). Default true. */
  jobs?: boolean;
  logger?: FastifyServerOptions["logger"];
}

/** Request bodies above this are refused with 413; the largest legitimate body (a quote request) is a few KB. */
export const BODY_LIMIT = 100 * 1024;

export type App = FastifyInstance;

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON in the request body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object",
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is too large (limit ${BODY_LIMIT / 1024} KB)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type; send application/json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body",
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    genReqId: requestIdGenerator(config),
    bodyLimit: BODY_LIMIT,
    // One log line per request would dominate the cost of cheap calls (the health benchmark); the request-log
    // plugin logs the ones that matter (errors, slow answers).
    logController: new LogController({ disableRequestLogging: true }),
    // Creating a new PGlite data directory on a busy machine can take well over Fastify's default 10 s.
    pluginTimeout: 120_000,
    trustProxy:
      typeof config.trustProxy === "number"
        ? (() => {
            const hops = config.trustProxy;
            return (_address: string, hop: number) => hop < hops;
          })()
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });

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

  app.register(
    fp(
      async (instance: FastifyInstance) => {
        instance.decorate("config", config);
      },
      { name: "config" },
    ),
  );

  // External plugins.
  // Compresses what is made per request (API JSON, HTML); the built site and bundle are compressed at build time
  // and served as .br/.gz files (static-site plugin), which this skips because they carry Content-Encoding.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
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
  await app.register(requestLogPlugin);
  await app.register(backgroundPlugin);
  await app.register(dbPlugin, { db: opts.db });
  await app.register(securityPlugin);
  await app.register(mailerPlugin, { mailer: opts.mailer });
  await app.register(authPlugin);
  await app.register(paymentsPlugin);
  await app.register(
    fp(async (instance: FastifyInstance) => {
      const result = await syncBlog(instance.db, opts.blogDir ?? blogContentDir);
      instance.log.info(result, "blog content synced");
    }, { name: "blog-sync", dependencies: ["db"] }),
  );

  // Routes: one API, mounted at both bases of spec §7.
  await app.register(apiRoutes, { prefix: "/api" });
  await app.register(apiRoutes, { prefix: "/preview/:first/:second/api" });
  await app.register(staticSitePlugin, opts.staticSite ?? {});

  if (opts.jobs !== false) startJobs(app);

  return app;
}
