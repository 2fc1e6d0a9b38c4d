import type { AxiosInstance } from "axios";
import type {
  AuthResponse,
  ForgotPasswordPayload,
  LoginPayload,
  SuccessMessageResponse,
  RegisterPayload,
  ResetPasswordPayload,
  User,
  VerifyResetTokenResponse,
} from "@agency/contract";
import { clearSession, setSession, updateUser } from "../session";

/** Spec §4: a successful login stores token and user (the bearer header follows from the store). */
export async function login(api: AxiosInstance, payload: LoginPayload): Promise<User> {
  const { data } = await api.post<AuthResponse>("/auth/login", payload);
  setSession(data.user, data.token);
  return data.user;
}

export async function register(api: AxiosInstance, payload: RegisterPayload): Promise<User> {
  const { data } = await api.post<AuthResponse>("/auth/register", payload);
  setSession(data.user, data.token);
  return data.user;
}

export async function fetchCurrentUser(api: AxiosInstance): Promise<User> {
  const { data } = await api.get<{ user: User }>("/auth/me");
  updateUser(data.user);
  return data.user;
}

/** Revokes the token on the server, then forgets it here even if the server could not be reached. */
export async function logout(api: AxiosInstance): Promise<void> {
  try {
    await api.post("/auth/logout");
  } catch {
    /* the local session ends regardless */
  } finally {
    clearSession();
  }
}

export async function forgotPassword(api: AxiosInstance, payload: ForgotPasswordPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/auth/forgot-password", payload);
  return data;
}

export async function verifyResetToken(api: AxiosInstance, token: string): Promise<VerifyResetTokenResponse> {
  const { data } = await api.post<VerifyResetTokenResponse>("/auth/verify-reset-token", { token });
  return data;
}

export async function resetPassword(api: AxiosInstance, payload: ResetPasswordPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/auth/reset-password", payload);
  return data;
}
