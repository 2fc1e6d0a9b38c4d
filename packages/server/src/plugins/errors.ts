import fp from "fastify-plugin";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { ErrorObject } from "ajv";
import type { ErrorCode, ErrorDetails, Locale } from "@agency/contract";
import { ApiError, errorBody } from "../lib/api-error";
import { ProviderError } from "../payments/provider-error";
import { errorFields } from "../lib/validation";
import { requestLocale } from "../i18n";
import { databaseFailure } from "../db/errors";

declare module "fastify" {
  interface FastifyReply {
    /**
     * Answers an error: the status, and `{ error, code, fields?, retryAfter? }` with `error` in `locale` (default:
     * the request's language). A retryAfter also sets the Retry-After header.
     */
    sendError(status: number, code: ErrorCode, options?: ErrorDetails & { locale?: Locale }): this;
  }
}

/** Fastify's own client errors (body parsing), by their error code. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "request.malformed_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "request.empty_body",
  FST_ERR_CTP_BODY_TOO_LARGE: "request.too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "request.unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "request.bad_content_length",
};

/** The code of any other client error, by status. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "auth.required";
  if (status === 404) return "not_found";
  if (status === 413) return "request.too_large";
  if (status === 415) return "request.unsupported_media_type";
  return "request.invalid";
}

/**
 * Every error answer of the API has one shape, `{ error, code, … }`, with `error` in the request's language: the
 * route's own (reply.sendError), thrown ones (ApiError), a request that fails its schema, Fastify's parsing errors,
 * unknown paths and failures. 5xx answers never carry details: those can hold SQL, paths or secrets.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.decorateReply("sendError", function sendError(this: FastifyReply, status: number, code: ErrorCode, options: ErrorDetails & { locale?: Locale } = {}) {
    const { locale, ...details } = options;
    const body = (this.request.body ?? {}) as { language?: unknown };
    if (details.retryAfter !== undefined) this.header("retry-after", String(details.retryAfter));
    return this.code(status).send(errorBody(locale ?? requestLocale(this.request, body.language), code, details));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProviderError) {
      request.log.error(
        { err: error, provider: error.provider, providerStatus: error.providerStatus, providerRequestId: error.providerRequestId },
        `payment provider failed: ${error.operation}`,
      );
      return reply.sendError(error.statusCode, error.code, error.details);
    }
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, "request failed");
      return reply.sendError(error.statusCode, error.code, error.details);
    }
    if (error.validation) {
      return reply.sendError(400, "request.invalid", { fields: errorFields(error.validation as ErrorObject[]) });
    }
    // A query cancelled by a database timeout, or a database that is away: 503, never 500, so clients try again.
    const database = databaseFailure(error);
    if (database) {
      request.log.error({ err: error }, database === "timeout" ? "request failed: a database timeout" : "request failed: the database is unavailable");
      return reply.sendError(503, database === "timeout" ? "server.database_timeout" : "server.unavailable");
    }
    // A client status is passed on only from Fastify and its plugins, about the request itself (FST_* codes, or
    // http-errors marked safe to expose). Any other error that carries a statusCode (a client library's answer from
    // another service) is a failure of ours: passing its 401 on would sign the visitor out.
    const fromFastify = typeof error.code === "string" && error.code.startsWith("FST_");
    const exposed = (error as { expose?: unknown }).expose === true;
    const status = error.statusCode !== undefined && (error.statusCode >= 500 || fromFastify || exposed) ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return status === 503 ? reply.sendError(503, "server.unavailable") : reply.sendError(500, "server.error");
    }
    return reply.sendError(status, (error.code && FASTIFY_CLIENT_ERRORS[error.code]) || codeForStatus(status));
  });

  app.setNotFoundHandler((_request, reply) => reply.sendError(404, "not_found"));
}

export default fp(errorsPlugin, { name: "errors" });
