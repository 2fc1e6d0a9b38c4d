import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import { ERROR_CODES } from "@agency/contract";
import { ErrorResponseSchema } from "@agency/contract/schemas";
import { loadCatalogs } from "./i18n";
import { validatorCompiler } from "./lib/validation";
import { setPasswordHashLimits } from "./lib/crypto";
import type { Config } from "./config";
import type { Db } from "./db/db";
import type { Mailer } from "./mail/mailer";
import backgroundPlugin from "./plugins/background";
import dbPlugin from "./plugins/db";
import errorsPlugin from "./plugins/errors";
import { installDepthLimitedJsonParser } from "./lib/json-depth";
import mailerPlugin from "./plugins/mailer";
import metricsPlugin from "./plugins/metrics";
import outboxPlugin from "./plugins/outbox";
import authPlugin from "./plugins/auth";
import deskAuthPlugin from "./plugins/desk-auth";
import teamsPlugin from "./plugins/teams";
import passwordsPlugin from "./plugins/passwords";
import paymentsPlugin from "./plugins/payments";
import responseValidationPlugin from "./plugins/response-validation";
import securityPlugin from "./plugins/security";
import requestLogPlugin from "./plugins/request-log";
import rateLimitsPlugin from "./plugins/rate-limits";
import { loggerOptions, requestIdGenerator } from "./lib/logger";
import staticSitePlugin, { type StaticSiteOptions } from "./plugins/static-site";
import apiRoutes from "./routes/api/index";
import wellKnownRoutes from "./routes/well-known";
import { startJobs } from "./jobs/scheduler";
import { syncBlog } from "./blog/sync";
import { blogContentDir } from "./paths";
import { finishDocument, sharedSchemaName } from "./lib/openapi-document";

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
  /** Run the retention, outbox and subscription jobs (at ready and on a timer). Default true. */
  jobs?: boolean;
  logger?: FastifyServerOptions["logger"];
  /** Write the log (with the configured level and redaction) to this stream instead of stdout (tests). */
  logStream?: { write(line: string): void };
}

/** Request bodies above this are refused with 413; the largest legitimate body (a quote request) is a few KB. */
export const BODY_LIMIT = 100 * 1024;

export type App = FastifyInstance;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? (opts.logStream ? { ...loggerOptions(config), stream: opts.logStream } : loggerOptions(config)),
    genReqId: requestIdGenerator(config),
    bodyLimit: BODY_LIMIT,
    // A client has this long to send its whole request, and a connection this long of silence: a slow or stalled
    // client cannot hold a connection (and its socket) for ever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
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
    // find-my-way leaves a route whose parameter is longer than maxParamLength (default 100) unmatched, so a long id
    // fell through to the catch-all's `not_found` instead of the route's own answer. No URL is longer than Node's
    // header limit (16 KB); the routes' parameter schemas bound their ids.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
  });

  app.setValidatorCompiler(validatorCompiler());

  // Every text the server writes is read now: a broken catalog stops the start, not the first mail.
  loadCatalogs();
  setPasswordHashLimits({
    concurrency: config.limits.passwordHashConcurrency,
    queue: config.limits.passwordHashQueue,
    timeoutMs: config.limits.passwordHashTimeoutMs,
  });
  await app.register(errorsPlugin);
  installDepthLimitedJsonParser(app);
  await app.register(responseValidationPlugin);

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
        // The agency's own API, offered under no open licence (as the widgets package: UNLICENSED); its use is
        // governed by the site's terms.
        license: { name: "Proprietary: the agency's terms", url: `${config.publicUrl.replace(/\/+$/, "")}/terms` },
        description:
          "API of the agency site. Also reachable under /preview/{first}/{second}/api. Every error answer is " +
          "`{ error, code, fields?, retryAfter? }`: `error` is a text in the request's language (the body's `language`, " +
          "else Accept-Language), `code` a stable identifier, one of: " +
          ERROR_CODES.map((code) => `\`${code}\``).join(", ") +
          ". Each operation lists the codes of its error answers.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => sharedSchemaName(json, index) },
    // Without a PUBLIC_URL (development, tests) the public URL is only a guess at localhost: the document then names
    // the server it was fetched from.
    transformObject: (documentObject) =>
      "openapiObject" in documentObject
        ? (finishDocument(documentObject.openapiObject as Record<string, unknown>, {
            serverUrl: config.publicUrl === `http://localhost:${config.port}` ? "/" : config.publicUrl,
          }) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
    // The preview mount is the same API; documenting it twice would only add noise.
    transform: ({ schema, url }) => ({
      schema: (url.startsWith("/preview/") ? { ...schema, hide: true } : schema) as typeof schema,
      url,
    }),
  });

  // Every error answer, with every code, as a shared schema of the document (each operation lists its own codes).
  app.addSchema({ ...ErrorResponseSchema, $id: "ErrorResponse", title: "ErrorResponse" });

  // App plugins.
  await app.register(requestLogPlugin);
  await app.register(backgroundPlugin);
  await app.register(dbPlugin, { db: opts.db });
  await app.register(metricsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(mailerPlugin, { mailer: opts.mailer });
  await app.register(outboxPlugin);
  await app.register(authPlugin);
  await app.register(teamsPlugin);
  await app.register(deskAuthPlugin);
  await app.register(passwordsPlugin);
  await app.register(paymentsPlugin);
  await app.register(
    fp(async (instance: FastifyInstance) => {
      const result = await syncBlog(instance.db, opts.blogDir ?? blogContentDir);
      instance.log.info(result, "blog content synced");
    }, { name: "blog-sync", dependencies: ["db"] }),
  );

  // Routes: one API, mounted at /api and under every preview base.
  await app.register(apiRoutes, { prefix: "/api" });
  await app.register(apiRoutes, { prefix: "/preview/:first/:second/api" });
  await app.register(wellKnownRoutes);
  await app.register(staticSitePlugin, opts.staticSite ?? {});

  if (opts.jobs !== false) startJobs(app);

  return app;
}
