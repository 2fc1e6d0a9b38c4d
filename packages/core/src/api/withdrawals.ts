import type { ApiClient } from "../api-client";
import type { WithdrawalPayload, WithdrawalResponse, WithdrawalStatusResponse, WithdrawalUndoResponse } from "@agency/contract";

/** The statement of withdrawal (no sign-in needed); the answer is the same whether or not the address has an account. */
export async function withdraw(api: ApiClient, payload: WithdrawalPayload): Promise<WithdrawalResponse> {
  const { data } = await api.post<WithdrawalResponse>("/withdrawals", payload);
  return data;
}

/** The signed-in customer's running contract and its withdrawal deadline, or null. */
export async function getMyContract(api: ApiClient): Promise<WithdrawalStatusResponse["contract"]> {
  const { data } = await api.get<WithdrawalStatusResponse>("/withdrawals/mine");
  return data.contract ?? null;
}

/** Follows the acknowledgement's undo link. */
export async function undoWithdrawal(api: ApiClient, token: string): Promise<WithdrawalUndoResponse> {
  const { data } = await api.post<WithdrawalUndoResponse>("/withdrawals/undo", { token });
  return data;
}
