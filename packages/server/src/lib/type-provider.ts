import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from "fastify";
import type { Static, TSchema } from "@agency/contract/schemas";

/**
 * Request and reply types inferred from the TypeBox route schemas. Written out here instead of using
 * @fastify/type-provider-typebox, whose peer dependency resolves to another TypeBox copy in this workspace
 * (0.27, hoisted for jest types), which silently turns every body into `unknown`.
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
  serializer: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
}

export type FastifyPluginAsyncTypebox<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  TypeBoxTypeProvider
>;
