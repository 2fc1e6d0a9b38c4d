import { Type } from "@agency/contract/schemas";

/** Customer requests: what extra time costs, and how often a company may file and write. */
export const requestsSettings = Type.Object(
  {
    hourlyRateCents: Type.Integer({
      env: "REQUESTS_HOURLY_RATE_CENTS",
      minimum: 0,
      default: 7500,
      description:
        "What an hour of content updates and support past the minutes a company's monthly fee includes costs, in euro cents excluding VAT (7500: €75.00). The portal shows it beside the extra time; the extra time is invoiced with the next monthly invoice once the customer has agreed to it there, at the rate shown then.",
    }),
    perCompany: Type.Integer({
      env: "REQUESTS_RATE_LIMIT",
      minimum: 1,
      default: 30,
      description: "Requests filed and messages written per company per hour (429 requests.too_many above it).",
    }),
    perIp: Type.Integer({
      env: "REQUESTS_RATE_LIMIT_IP",
      minimum: 1,
      default: 30,
      description: "Requests filed and messages written per IP per hour, whatever the company; an IPv6 /64 counts as one IP.",
    }),
  },
  { section: "Customer requests" },
);
