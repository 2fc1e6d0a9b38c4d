/**
 * The API contract shared with the server. It lives in packages/server/src/types.ts, which has no runtime
 * dependencies; this is the only place browser code reaches into the server package.
 */
export * from "@agency/server/types";
