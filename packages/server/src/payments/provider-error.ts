import { Stripe } from "stripe";
import { ApiError } from "../lib/api-error";
import type { ProviderName } from "./subscriptions-repository";

/**
 * A call to the payment provider failed. Answered as 503 `payments.unavailable` when the provider is unreachable,
 * rate-limits us or fails itself (worth trying again later), and as 502 when it refused the request (a wrong key, an
 * object it does not know: our set-up is wrong). Never with the provider's own status: its 401 is not the visitor's
 * session, and passing it on would sign the visitor out. The error handler logs it at error level with the
 * provider's request id, which Stripe's support asks for.
 */
export class ProviderError extends ApiError {
  constructor(
    readonly provider: ProviderName,
    readonly operation: string,
    /** The provider's HTTP status; null when it could not be reached. */
    readonly providerStatus: number | null,
    /** The provider's error code (Stripe's `code`, e.g. `resource_missing`), if it sent one. */
    readonly providerCode: string | null,
    /** The provider's id of the failed request (Stripe's `request-id` header), if it answered. */
    readonly providerRequestId: string | null,
    options: { cause?: unknown; message?: string } = {},
  ) {
    super(
      providerStatus === null || providerStatus === 429 || providerStatus >= 500 ? 503 : 502,
      "payments.unavailable",
      `${provider} ${operation} failed${providerStatus === null ? "" : ` with ${providerStatus}`}${options.message ? `: ${options.message}` : ""}`,
    );
    this.name = "ProviderError";
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** Runs one call to Stripe; a failure there becomes a ProviderError (anything else, our own bug, stays as it is). */
export async function atStripe<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const status = error instanceof Stripe.errors.StripeConnectionError ? null : (error.statusCode ?? null);
    throw new ProviderError("stripe", operation, status, error.code ?? null, error.requestId ?? null, { cause: error, message: error.message });
  }
}

/** The provider answered 404 (with Stripe: the object no longer exists, e.g. deleted in the dashboard). */
export const isGoneAtProvider = (error: unknown) => error instanceof ProviderError && error.providerStatus === 404;
