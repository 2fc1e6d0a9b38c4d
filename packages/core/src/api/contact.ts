import type { ApiClient } from "../api-client";
import type { ContactRequestPayload, SuccessMessageResponse } from "@agency/contract";

export async function sendQuoteRequest(api: ApiClient, payload: ContactRequestPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/contact", payload);
  return data;
}
