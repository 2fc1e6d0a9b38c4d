import type { ApiClient } from "../api-client";
import type {
  AcceptInvitationResponse,
  CreateInvitationPayload,
  InvitableRole,
  InvitationPreview,
  InvitationResponse,
  MemberResponse,
  SuccessMessageResponse,
  Team,
  TeamInvitation,
  TeamMember,
  TeamResponse,
  UpdateTeamPayload,
} from "@agency/contract";

/** The signed-in person's company, its members and (for its owner and admins) its pending invitations. */
export async function getTeam(api: ApiClient): Promise<TeamResponse> {
  const { data } = await api.get<TeamResponse>("/account/team");
  return data;
}

/** Renames the company, or sets its KvK or VAT number (each field needs its role; the server checks). */
export async function updateTeam(api: ApiClient, change: UpdateTeamPayload): Promise<Team> {
  const { data } = await api.patch<{ team: Team }>("/account/team", change);
  return data.team;
}

export async function inviteMember(api: ApiClient, payload: CreateInvitationPayload): Promise<TeamInvitation> {
  const { data } = await api.post<InvitationResponse>("/account/team/invitations", payload);
  return data.invitation;
}

export async function revokeInvitation(api: ApiClient, id: string): Promise<SuccessMessageResponse> {
  const { data } = await api.delete<SuccessMessageResponse>(`/account/team/invitations/${encodeURIComponent(id)}`);
  return data;
}

export async function changeRole(api: ApiClient, memberId: string, role: InvitableRole): Promise<TeamMember> {
  const { data } = await api.patch<MemberResponse>(`/account/team/members/${encodeURIComponent(memberId)}`, { role });
  return data.member;
}

export async function removeMember(api: ApiClient, memberId: string): Promise<SuccessMessageResponse> {
  const { data } = await api.delete<SuccessMessageResponse>(`/account/team/members/${encodeURIComponent(memberId)}`);
  return data;
}

/** Leaves the company; the answer is the company of one's own the person is in afterwards. */
export async function leaveTeam(api: ApiClient): Promise<Team> {
  const { data } = await api.post<{ team: Team }>("/account/team/leave");
  return data.team;
}

export async function transferOwnership(api: ApiClient, memberId: string): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/account/team/transfer", { memberId });
  return data;
}

/** Who invites whom to which company: no session needed, and looking changes nothing. */
export async function previewInvitation(api: ApiClient, token: string): Promise<InvitationPreview> {
  const { data } = await api.get<InvitationPreview>("/team-invitations", { params: { token } });
  return data;
}

/** Accepts with the signed-in person's session; the answer is the company they are in now. */
export async function acceptInvitation(api: ApiClient, token: string): Promise<Team> {
  const { data } = await api.post<AcceptInvitationResponse>("/team-invitations/accept", { token });
  return data.team;
}
