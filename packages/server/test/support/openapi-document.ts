import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";

/** Reading the server's OpenAPI document in tests: its operations, and whether a real answer is one it documents. */

type Json = Record<string, any>;

export interface DocOperation {
  /** `GET /api/blog/{id}` */
  key: string;
  method: string;
  path: string;
  operation: Json;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

export function operationsOf(doc: OpenApiDocument): DocOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
  );
}

/** Whether the operation asks for credentials (an operation that also takes none, `{}`, does not). */
export function needsCredentials(op: DocOperation): boolean {
  const security = (op.operation.security ?? []) as Json[];
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/** The error codes the document lists for a status of an operation (the shared error schema, narrowed). */
export function listedCodes(op: DocOperation, status: string): string[] {
  const schema = op.operation.responses?.[status]?.content?.["application/json"]?.schema as Json | undefined;
  const narrowed = (schema?.allOf as Json[] | undefined)?.find((part) => part.properties?.code);
  return (narrowed?.properties?.code?.enum as string[] | undefined) ?? [];
}

/** Checks answers against the document: status, media type and JSON schema. */
export class Conformance {
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  private readonly validators = new Map<object, ValidateFunction>();
  /** `GET /api/blog/{id} 404 blog.not_found`: every answer seen, with its code when it has one. */
  readonly seen = new Set<string>();

  constructor(private readonly doc: OpenApiDocument) {}

  private validator(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      // The operation's schema with the document's components beside it, so `#/components/schemas/…` resolves.
      validate = this.ajv.compile({ ...schema, components: this.doc.components ?? {} });
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** Why `res` is not an answer the document gives for `op`, or null when it is. */
  problem(op: DocOperation, res: LightMyRequestResponse, what: string): string | null {
    const status = String(res.statusCode);
    const label = `${op.key} (${what}) → ${status} ${res.body.slice(0, 160)}`;
    const response = op.operation.responses?.[status] as Json | undefined;
    if (!response) return `${label}: the document lists no ${status} for this operation`;
    const content = (response.content ?? {}) as Json;
    const type = String(res.headers["content-type"] ?? "").split(";")[0]!.trim();
    if (Object.keys(content).length === 0) return res.body === "" ? null : `${label}: the document lists no body`;
    if (!content[type]) return `${label}: content-type ${type}, the document lists ${Object.keys(content).join(", ")}`;
    if (type !== "application/json") {
      this.seen.add(`${op.key} ${status}`);
      return null;
    }
    const body = res.json() as Json;
    const validate = this.validator(content[type].schema as object);
    if (!validate(body)) return `${label}: ${this.ajv.errorsText(validate.errors)}`;
    this.seen.add(`${op.key} ${status}${typeof body.code === "string" ? ` ${body.code}` : ""}`);
    return null;
  }
}
