import type { ApiClient } from "../api-client";
import type {
  AgreeExtraTimePayload,
  AgreeExtraTimeResponse,
  CreateRequestPayload,
  CreateRequestResponse,
  CustomerRequest,
  ExtraTime,
  PostMessageResponse,
  RequestDetailResponse,
  RequestsResponse,
} from "@agency/contract";

/** The company's requests (/requests): the list with the month's minutes, one thread, filing, writing, extra time. */

export async function listRequests(api: ApiClient): Promise<RequestsResponse> {
  const { data } = await api.get<RequestsResponse>("/requests");
  return data;
}

export async function fileRequest(api: ApiClient, payload: CreateRequestPayload): Promise<CustomerRequest> {
  const { data } = await api.post<CreateRequestResponse>("/requests", payload);
  return data.request;
}

export async function getRequest(api: ApiClient, id: string): Promise<RequestDetailResponse> {
  const { data } = await api.get<RequestDetailResponse>(`/requests/${encodeURIComponent(id)}`);
  return data;
}

export async function postMessage(api: ApiClient, id: string, message: string): Promise<PostMessageResponse> {
  const { data } = await api.post<PostMessageResponse>(`/requests/${encodeURIComponent(id)}/messages`, { message });
  return data;
}

/** Agrees to have a month's extra time invoiced with the next monthly invoice: `minutes` as the customer was shown. */
export async function agreeExtraTime(api: ApiClient, payload: AgreeExtraTimePayload): Promise<ExtraTime[]> {
  const { data } = await api.post<AgreeExtraTimeResponse>("/requests/extra-time", payload);
  return data.extraTime;
}
