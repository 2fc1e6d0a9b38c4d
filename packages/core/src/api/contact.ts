import type { AxiosInstance } from "axios";
import type { ContactRequestPayload, SuccessMessageResponse } from "@agency/contract";

export async function sendQuoteRequest(api: AxiosInstance, payload: ContactRequestPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/contact", payload);
  return data;
}
