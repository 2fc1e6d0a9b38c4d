import type { AxiosInstance } from "axios";
import type { ContactPayload, MessageResponse } from "../contract";

export async function sendQuoteRequest(api: AxiosInstance, payload: ContactPayload): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>("/contact", payload);
  return data;
}
