import type { ApiClient } from "../api-client";
import type { CreateOfferPayload, CreateOfferResponse, DeskOfferDetail, DeskOfferResponse, DeskOffersResponse, OfferStatus, OfferSummary } from "@agency/contract";

/** The desk's offers (/api/desk/offers), called with the desk's own client (deskApiClient). */

export interface OfferFilter {
  status?: OfferStatus;
  overdue?: boolean;
}

export async function listOffers(api: ApiClient, filter: OfferFilter & { page?: number }): Promise<DeskOffersResponse> {
  const params = { status: filter.status || undefined, overdue: filter.overdue ? true : undefined, page: filter.page };
  const { data } = await api.get<DeskOffersResponse>("/desk/offers", { params });
  return data;
}

export async function createOffer(api: ApiClient, payload: CreateOfferPayload): Promise<OfferSummary> {
  const { data } = await api.post<CreateOfferResponse>("/desk/offers", payload);
  return data.offer;
}

export async function fetchOffer(api: ApiClient, id: string): Promise<DeskOfferDetail> {
  const { data } = await api.get<DeskOfferResponse>(`/desk/offers/${id}`);
  return data.offer;
}

/** Sends an upgrade a customer asked for. */
export async function sendOffer(api: ApiClient, id: string): Promise<DeskOfferDetail> {
  const { data } = await api.post<DeskOfferResponse>(`/desk/offers/${id}/send`);
  return data.offer;
}

/** Marks a paid offer delivered: the balance invoice goes out and the monthly fee starts. */
export async function deliverOffer(api: ApiClient, id: string): Promise<DeskOfferDetail> {
  const { data } = await api.post<DeskOfferResponse>(`/desk/offers/${id}/delivered`);
  return data.offer;
}
