import type { ApiClient } from "../api-client";
import type { ContactChallenge, ContactChallengeResponse, ContactRequestPayload, SuccessMessageResponse } from "@agency/contract";

export async function sendQuoteRequest(api: ApiClient, payload: ContactRequestPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/contact", payload);
  return data;
}

/** The proof-of-work challenge the quote form solves before sending, or null when the server asks for none. */
export async function getChallenge(api: ApiClient): Promise<ContactChallenge | null> {
  const { data } = await api.get<ContactChallengeResponse>("/contact/challenge");
  return data.challenge ?? null;
}
