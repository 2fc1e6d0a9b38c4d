import type { FastifyRequest } from "fastify";
import { basePathFrom } from "@agency/contract";

/** Where the site runs that the request came in under: "/" or "/preview/{first}/{second}/". */
export const basePathOf = (request: FastifyRequest) => basePathFrom(request.url.split("?")[0] ?? "/");

/** Absolute URL of the API base the request came in under (documents' addresses stay under it). */
export const apiBaseOf = (request: FastifyRequest, publicUrl: string) => `${publicUrl}${basePathOf(request)}api`;
