import type { ApiClient } from "../api-client";
import type { DeskReplyPayload, DeskRequestPatchPayload, DeskRequestResponse, DeskRequestsQuery, DeskRequestsResponse } from "@agency/contract";

/** The desk's queue of customer requests (/desk/requests), called with the desk's own client (deskApiClient). */

export async function listQueue(api: ApiClient, query: DeskRequestsQuery): Promise<DeskRequestsResponse> {
  const { data } = await api.get<DeskRequestsResponse>("/desk/requests", { params: { status: query.status, page: query.page && query.page > 1 ? query.page : undefined } });
  return data;
}

export async function getQueueRequest(api: ApiClient, id: string): Promise<DeskRequestResponse> {
  const { data } = await api.get<DeskRequestResponse>(`/desk/requests/${encodeURIComponent(id)}`);
  return data;
}

/** Answers the request, logging the minutes it took. */
export async function reply(api: ApiClient, id: string, payload: DeskReplyPayload): Promise<DeskRequestResponse> {
  const { data } = await api.post<DeskRequestResponse>(`/desk/requests/${encodeURIComponent(id)}/replies`, payload);
  return data;
}

export async function updateRequest(api: ApiClient, id: string, change: DeskRequestPatchPayload): Promise<DeskRequestResponse> {
  const { data } = await api.patch<DeskRequestResponse>(`/desk/requests/${encodeURIComponent(id)}`, change);
  return data;
}
