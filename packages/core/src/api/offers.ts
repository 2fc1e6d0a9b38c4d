import type { ApiClient } from "../api-client";
import type {
  AcceptOfferPayload,
  CurrentPackageResponse,
  OfferCheckoutResponse,
  PackageId,
  PublicOffer,
  PublicOfferResponse,
  UpgradeResponse,
} from "@agency/contract";

/**
 * An offer's page (`/offer?token=…`), reached from the mail without a session: the token is the authorisation. And,
 * signed in, the package of one's company and the upgrade asked for from the settings.
 */

export async function fetchOffer(api: ApiClient, token: string): Promise<PublicOffer> {
  const { data } = await api.get<PublicOfferResponse>(`/offers/${encodeURIComponent(token)}`);
  return data.offer;
}

/** Signs the offer; the answer is the deposit's checkout, where the browser goes next. */
export async function acceptOffer(api: ApiClient, token: string, payload: AcceptOfferPayload): Promise<string> {
  const { data } = await api.post<OfferCheckoutResponse>(`/offers/${encodeURIComponent(token)}/accept`, payload);
  return data.checkoutUrl;
}

/** A checkout for what is due now (the deposit, or the balance). */
export async function payOffer(api: ApiClient, token: string): Promise<string> {
  const { data } = await api.post<OfferCheckoutResponse>(`/offers/${encodeURIComponent(token)}/pay`);
  return data.checkoutUrl;
}

/** A checkout that gives the direct debit mandate for the monthly fee. */
export async function giveMandate(api: ApiClient, token: string): Promise<string> {
  const { data } = await api.post<OfferCheckoutResponse>(`/offers/${encodeURIComponent(token)}/mandate`);
  return data.checkoutUrl;
}

export async function declineOffer(api: ApiClient, token: string, reason?: string): Promise<PublicOffer> {
  const { data } = await api.post<PublicOfferResponse>(`/offers/${encodeURIComponent(token)}/decline`, reason ? { reason } : {});
  return data.offer;
}

export async function currentPackage(api: ApiClient): Promise<CurrentPackageResponse> {
  const { data } = await api.get<CurrentPackageResponse>("/packages/current");
  return data;
}

export async function requestUpgrade(api: ApiClient, pkg: PackageId): Promise<UpgradeResponse["upgrade"]> {
  const { data } = await api.post<UpgradeResponse>("/packages/upgrade", { package: pkg });
  return data.upgrade;
}
