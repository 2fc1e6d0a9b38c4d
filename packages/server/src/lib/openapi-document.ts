import { REQUEST_ERRORS, type ErrorCode } from "@agency/contract";

/**
 * The finishing pass over the OpenAPI document @fastify/swagger builds from the route schemas: what holds for every
 * route is added here once, from how the server really answers, instead of being repeated (and forgotten) per route.
 */

type Json = Record<string, any>;

/** Methods whose body Fastify parses (DELETE only when one is sent): each can answer 400, 413 and 415 before the route. */
const BODY_METHODS = new Set(["post", "put", "patch", "delete"]);

/**
 * Operations that never reach the database, so never answer 503: liveness, the challenges (computed from the app
 * secret) and the passkey origins. Every other operation does, through a repository or the session check, and a
 * database that is away or too slow is 503 (plugins/errors.ts). The conformance test breaks the database and holds
 * both lists to what the answers are.
 */
export const WITHOUT_DATABASE = new Set(["getHealth", "getAuthChallenge", "getContactChallenge", "getWellKnownWebauthn"]);

const SHARED_ERROR = "ErrorResponse";
const SHARED_ERROR_REF = `#/components/schemas/${SHARED_ERROR}`;

/** `GET /api/desk/leads/{id}/release` → `getDeskLeadsByIdRelease`: stable as long as the path is, and unique. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api(\/|$)/, "/")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => (/^\{.+\}$/.test(segment) ? ["by", segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words].map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join("");
}

function errorContent(codes: readonly string[]): Json {
  return {
    "application/json": {
      schema: { allOf: [{ $ref: SHARED_ERROR_REF }, { type: "object", properties: { code: { type: "string", enum: [...codes] } } }] },
    },
  };
}

/** The codes an error answer's schema lists, or null when the answer is no error answer (`{ error, code }`). */
function listedCodes(schema: Json | undefined): string[] | null {
  const code = schema?.properties?.code;
  if (!code || !schema?.properties?.error) return null;
  if (Array.isArray(code.enum)) return code.enum;
  if (typeof code.const === "string") return [code.const];
  return null;
}

/**
 * An error answer whose schema is the shared one: the shared schema, narrowed to the codes the operation lists.
 * Answers that carry more than the shared fields (the blog's `success: false`) keep those fields beside it.
 */
function shareErrorSchema(response: Json): void {
  const schema = response.content?.["application/json"]?.schema as Json | undefined;
  const codes = listedCodes(schema);
  if (!schema || !codes) return;
  const { error: _error, code: _code, fields: _fields, retryAfter: _retryAfter, ...own } = schema.properties as Json;
  const narrowed: Json = { type: "object", properties: { ...own, code: { type: "string", enum: codes } } };
  const ownRequired = ((schema.required as string[] | undefined) ?? []).filter((name) => name in own);
  if (ownRequired.length > 0) narrowed.required = ownRequired;
  response.content["application/json"].schema = { allOf: [{ $ref: SHARED_ERROR_REF }, narrowed] };
}

/** Adds `codes` to the error answer of `status`, making the answer when the operation has none. */
function addErrorCodes(operation: Json, status: string, codes: readonly ErrorCode[], description: string): void {
  const responses = (operation.responses ??= {}) as Json;
  const existing = responses[status] as Json | undefined;
  if (!existing) {
    responses[status] = { description, content: errorContent(codes) };
    return;
  }
  const code = existing.content?.["application/json"]?.schema?.allOf?.[1]?.properties?.code as Json | undefined;
  if (!code) return;
  code.enum = [...new Set([...(code.enum as string[]), ...codes])];
}

export interface DocumentOptions {
  /** The `servers` entry: the site's public URL. */
  serverUrl: string;
}

/** Finishes the document (mutating and returning it). */
export function finishDocument(document: Json, options: DocumentOptions): Json {
  document.servers = [{ url: options.serverUrl, description: "This server" }];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json)) {
    for (const [method, operation] of Object.entries(item as Json) as [string, Json][]) {
      if (typeof operation !== "object" || !operation.responses) continue;
      operation.operationId ??= operationIdFor(method, path);
      // An operation that asks for no credentials says so: the document's default is none, but tools read a missing
      // list as "not stated".
      operation.security ??= [];
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        // A query value with a default is filled in when it is missing (the validator uses defaults): not required.
        if (parameter.in === "query" && parameter.schema?.default !== undefined) delete parameter.required;
      }
      for (const response of Object.values(operation.responses as Json) as Json[]) shareErrorSchema(response);
      const hasParameters = ((operation.parameters ?? []) as Json[]).length > 0;
      if (BODY_METHODS.has(method)) {
        addErrorCodes(operation, "400", REQUEST_ERRORS, "The request does not fit");
        addErrorCodes(operation, "413", ["request.too_large"], "The body is larger than the server takes");
        addErrorCodes(operation, "415", ["request.unsupported_media_type"], "The body is of a type the operation does not read");
      } else if (hasParameters && operation.responses["400"]) {
        addErrorCodes(operation, "400", ["request.invalid"], "The request does not fit");
      }
      if (!WITHOUT_DATABASE.has(operation.operationId)) {
        addErrorCodes(operation, "503", ["server.unavailable", "server.database_timeout"], "Unavailable for a moment: try again");
      }
    }
  }
  return document;
}

/** The name of a shared schema in the document: its `$id` (the shared error answer is `ErrorResponse`). */
export function sharedSchemaName(json: { $id?: unknown }, index: number): string {
  return typeof json.$id === "string" ? json.$id : `def-${index}`;
}

export { SHARED_ERROR };
