import { Type, type Static } from "@sinclair/typebox";

export const ConsentBodySchema = Type.Object({
  id: Type.String({ format: "uuid", description: "Anonymous id the banner keeps with the choice, so later changes link to the first" }),
  necessary: Type.Literal(true),
  analytics: Type.Boolean(),
  marketing: Type.Boolean(),
  version: Type.Integer({ minimum: 1, maximum: 1_000_000, description: "Version of the banner and policy text agreed to" }),
  timestamp: Type.String({ format: "date-time", maxLength: 40, description: "When the visitor chose" }),
  gpc: Type.Optional(
    Type.Boolean({
      description:
        "The browser sent Global Privacy Control (navigator.globalPrivacyControl) when the visitor chose; marketing then started off. " +
        "A Sec-GPC: 1 header on the request counts as well",
    }),
  ),
});
export type ConsentRecordPayload = Static<typeof ConsentBodySchema>;

export const ConsentResponseSchema = Type.Object({ success: Type.Literal(true) });
export type ConsentResponse = Static<typeof ConsentResponseSchema>;
