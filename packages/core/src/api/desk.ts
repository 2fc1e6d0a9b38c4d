import type { ApiClient } from "../api-client";
import type {
  DeskAuditResponse,
  DeskCustomerDetail,
  DeskCustomerResponse,
  DeskCustomersResponse,
  DeskEnrolmentResponse,
  DeskEnrolPayload,
  DeskEnrolResponse,
  DeskInvitePayload,
  DeskInviteResponse,
  DeskLeadPatchPayload,
  DeskLeadResponse,
  DeskLeadsResponse,
  DeskLoginPayload,
  DeskLoginResponse,
  DeskMeResponse,
  DeskReleaseResponse,
  DeskResendVerificationPayload,
  DeskStaffResponse,
  LeadDetail,
  LeadStatus,
  StaffMember,
} from "@agency/contract";
import { clearDeskSession, getDeskSession, setDeskSession, setDeskStaff } from "../desk-session";

/** The agency's desk (/api/desk), called with the desk's own client (deskApiClient), never the customer's. */

/** Who an enrolment link is for, with the authenticator secret to set up. */
export async function fetchEnrolment(api: ApiClient, token: string): Promise<DeskEnrolmentResponse> {
  const { data } = await api.get<DeskEnrolmentResponse>("/desk/enrolment", { params: { token }, quietUnauthorized: true });
  return data;
}

/** Sets the password and confirms the authenticator; the answer's recovery codes are shown once. */
export async function enrol(api: ApiClient, payload: DeskEnrolPayload): Promise<string[]> {
  const { data } = await api.post<DeskEnrolResponse>("/desk/enrolment", payload, { quietUnauthorized: true });
  return data.recoveryCodes;
}

/** Signs in with password and code (or a recovery code), then asks who that is. */
export async function login(api: ApiClient, payload: DeskLoginPayload): Promise<StaffMember> {
  const { data } = await api.post<DeskLoginResponse>("/desk/login", payload, { quietUnauthorized: true });
  setDeskSession(data.token);
  return (await fetchMe(api)).staff;
}

export async function fetchMe(api: ApiClient): Promise<DeskMeResponse> {
  const asked = getDeskSession().token;
  const { data } = await api.get<DeskMeResponse>("/desk/me");
  if (asked) setDeskStaff(asked, data.staff);
  return data;
}

/** Ends the staff session on the server, and here even when the server could not be reached. */
export async function logout(api: ApiClient): Promise<void> {
  try {
    await api.post("/desk/logout");
  } catch {
    /* the local session ends regardless */
  } finally {
    clearDeskSession();
  }
}

export interface LeadFilter {
  status?: LeadStatus;
  q?: string;
}

const filterParams = ({ status, q }: LeadFilter) => ({ status: status || undefined, q: q?.trim() || undefined });

export async function listLeads(api: ApiClient, filter: LeadFilter & { page?: number }): Promise<DeskLeadsResponse> {
  const { data } = await api.get<DeskLeadsResponse>("/desk/leads", { params: { ...filterParams(filter), page: filter.page } });
  return data;
}

export async function fetchLead(api: ApiClient, id: number): Promise<LeadDetail> {
  const { data } = await api.get<DeskLeadResponse>(`/desk/leads/${id}`);
  return data.lead;
}

export async function updateLead(api: ApiClient, id: number, payload: DeskLeadPatchPayload): Promise<LeadDetail> {
  const { data } = await api.patch<DeskLeadResponse>(`/desk/leads/${id}`, payload);
  return data.lead;
}

/** A held or spam lead becomes new, and its mail and webhook go out (once, however often this is called). */
export async function releaseLead(api: ApiClient, id: number): Promise<DeskReleaseResponse> {
  const { data } = await api.post<DeskReleaseResponse>(`/desk/leads/${id}/release`);
  return data;
}

export interface CsvFile {
  blob: Blob;
  filename: string;
}

/** The leads of a filter as CSV; the file's name comes from the server (Content-Disposition). */
export async function exportLeads(api: ApiClient, filter: LeadFilter): Promise<CsvFile> {
  const response = await api.get<Blob>("/desk/leads.csv", { params: filterParams(filter), responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "leads.csv";
  return { blob: response.data, filename };
}

export async function listCustomers(api: ApiClient, q: string): Promise<DeskCustomersResponse> {
  const { data } = await api.get<DeskCustomersResponse>("/desk/customers", { params: { q: q.trim() || undefined } });
  return data;
}

export async function fetchCustomer(api: ApiClient, id: string): Promise<DeskCustomerDetail> {
  const { data } = await api.get<DeskCustomerResponse>(`/desk/customers/${encodeURIComponent(id)}`);
  return data.customer;
}

export async function resendVerification(api: ApiClient, id: string, payload: DeskResendVerificationPayload): Promise<void> {
  await api.post(`/desk/customers/${encodeURIComponent(id)}/resend-verification`, payload);
}

export async function cancelSubscription(api: ApiClient, id: string): Promise<void> {
  await api.post(`/desk/customers/${encodeURIComponent(id)}/cancel-subscription`);
}

/** Admins only: the same as the customer's own deletion (the subscription ends too). */
export async function eraseCustomer(api: ApiClient, id: string): Promise<void> {
  await api.delete(`/desk/customers/${encodeURIComponent(id)}`);
}

export async function listAudit(api: ApiClient, before?: number): Promise<DeskAuditResponse> {
  const { data } = await api.get<DeskAuditResponse>("/desk/audit", { params: { before } });
  return data;
}

export async function listStaff(api: ApiClient): Promise<StaffMember[]> {
  const { data } = await api.get<DeskStaffResponse>("/desk/staff");
  return data.staff;
}

export async function inviteStaff(api: ApiClient, payload: DeskInvitePayload): Promise<StaffMember> {
  const { data } = await api.post<DeskInviteResponse>("/desk/staff", payload);
  return data.staff;
}

export async function removeStaff(api: ApiClient, id: string): Promise<void> {
  await api.delete(`/desk/staff/${encodeURIComponent(id)}`);
}
