import type { AxiosInstance } from "axios";
import type { ConsentRecordPayload } from "@agency/contract";

/** Proof of consent (GDPR art. 7(1)): the decision is recorded server-side with an anonymous id. */
export async function recordConsent(api: AxiosInstance, payload: ConsentRecordPayload): Promise<void> {
  await api.post("/consent", payload);
}
