import type { ApiClient } from "../api-client";
import type { ConsentRecordPayload } from "@agency/contract";

/** Proof of consent (GDPR art. 7(1)): the decision is recorded server-side with an anonymous id. */
export async function recordConsent(api: ApiClient, payload: ConsentRecordPayload): Promise<void> {
  await api.post("/consent", payload);
}
