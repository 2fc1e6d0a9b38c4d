import type { ApiClient } from "../api-client";
import type {
  AuthResponse,
  ContactChallenge,
  ContactChallengeResponse,
  ForgotPasswordPayload,
  LoginChallengePayload,
  LoginPayload,
  LoginResponse,
  SecondFactorLoginPayload,
  SecondFactorRequired,
  SecureAccountResponse,
  SignInAlertPayload,
  SignInAlertTokenResponse,
  SuccessMessageResponse,
  RegisterPayload,
  ResetPasswordPayload,
  ResendVerificationPayload,
  User,
  VerifyEmailResponse,
  VerifyEmailTokenResponse,
  VerifyResetTokenResponse,
} from "@agency/contract";
import { clearSession, getSession, setSession, updateUser } from "../session";

/**
 * A proof-of-work challenge for a guess the server answered `auth.challenge_required`, at the cost the account (named
 * by its address, or by the second step's token) needs now.
 */
export async function getLoginChallenge(api: ApiClient, about: LoginChallengePayload): Promise<ContactChallenge> {
  const { data } = await api.post<ContactChallengeResponse>("/auth/challenge", about);
  if (!data.challenge) throw new Error("the server sent no login challenge");
  return data.challenge;
}

/** What a right password leads to: the signed-in user, or (an account with a second factor) the code step. */
export type LoginOutcome = { user: User } | { secondFactor: SecondFactorRequired };

/**
 * A successful login stores token and user (the bearer header follows from the store). An account with a second
 * factor gets no session yet: the outcome carries the token of the code step (`completeSecondFactor`).
 */
export async function login(api: ApiClient, payload: LoginPayload): Promise<LoginOutcome> {
  const { data } = await api.post<LoginResponse>("/auth/login", payload);
  if ("secondFactorRequired" in data) return { secondFactor: data };
  setSession(data.user, data.token);
  return { user: data.user };
}

/** The login's second step: the authenticator's code or a recovery code; stores the session like a login. */
export async function completeSecondFactor(api: ApiClient, payload: SecondFactorLoginPayload): Promise<User> {
  const { data } = await api.post<AuthResponse>("/auth/login/second-factor", payload);
  setSession(data.user, data.token);
  return data.user;
}

/** What a new-sign-in alert's 'this wasn't me' link is about, without using it. */
export async function checkSignInAlert(api: ApiClient, token: string): Promise<SignInAlertTokenResponse> {
  const { data } = await api.post<SignInAlertTokenResponse>("/auth/sign-in-alert-token", { token });
  return data;
}

/**
 * Follows a 'this wasn't me' link: every session of the account ends (this browser's too), its password stops
 * working, and the link to choose a new one is mailed to the account's address (`basePath`: where the site runs).
 */
export async function secureAccount(api: ApiClient, payload: SignInAlertPayload): Promise<SecureAccountResponse> {
  const { data } = await api.post<SecureAccountResponse>("/auth/secure-account", payload);
  clearSession();
  return data;
}

export async function register(api: ApiClient, payload: RegisterPayload): Promise<User> {
  const { data } = await api.post<AuthResponse>("/auth/register", payload);
  setSession(data.user, data.token);
  return data.user;
}

/**
 * The signed-in user as the server knows them now; the stored copy is replaced (every subscriber and every other
 * copy of the bundle on the page hears of it), unless the session changed while the answer was on its way.
 * A 401 ends the session through the API client's 401 rule, without the move to the login page when `quiet` (a
 * refresh in the background of a public page); any other failure leaves the session as it was.
 */
export async function fetchCurrentUser(api: ApiClient, { quiet = false }: { quiet?: boolean } = {}): Promise<User> {
  const asked = getSession().token;
  const { data } = await api.get<{ user: User }>("/auth/me", quiet ? { quietUnauthorized: true } : undefined);
  if (getSession().token === asked) updateUser(data.user);
  return data.user;
}

/** Revokes the token on the server, then forgets it here even if the server could not be reached. */
export async function logout(api: ApiClient): Promise<void> {
  try {
    await api.post("/auth/logout");
  } catch {
    /* the local session ends regardless */
  } finally {
    clearSession();
  }
}

export async function forgotPassword(api: ApiClient, payload: ForgotPasswordPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/auth/forgot-password", payload);
  return data;
}

export async function verifyResetToken(api: ApiClient, token: string): Promise<VerifyResetTokenResponse> {
  const { data } = await api.post<VerifyResetTokenResponse>("/auth/verify-reset-token", { token });
  return data;
}

export async function resetPassword(api: ApiClient, payload: ResetPasswordPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/auth/reset-password", payload);
  return data;
}

/** What a verification link would do (which address, verify or change), without using it. */
export async function checkEmailLink(api: ApiClient, token: string): Promise<VerifyEmailTokenResponse> {
  const { data } = await api.post<VerifyEmailTokenResponse>("/auth/verify-email-token", { token });
  return data;
}

/** Follows a verification link (no session needed): the address it was sent to is verified. */
export async function verifyEmail(api: ApiClient, token: string): Promise<VerifyEmailResponse> {
  const { data } = await api.post<VerifyEmailResponse>("/auth/verify-email", { token });
  return data;
}

/** Mails a new verification link to the signed-in user's address. */
export async function resendVerification(api: ApiClient, payload: ResendVerificationPayload = {}): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/auth/resend-verification", payload);
  return data;
}
