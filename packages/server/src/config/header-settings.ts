import { Type } from "@agency/contract/schemas";

/** Response headers an operator may tune; spread into the settings schema after PUBLIC_URL, which turns HSTS on. */
export const headerSettings = {
  hstsIncludeSubdomains: Type.Boolean({
    env: "HSTS_INCLUDE_SUBDOMAINS",
    spelling: ["on", "off"],
    default: false,
    description:
      "on: HSTS (sent when PUBLIC_URL is https) also covers every subdomain of PUBLIC_URL's host (includeSubDomains), so browsers refuse plain http to all of them for six months. Turn it on only when every subdomain is served over https.",
  }),
};
