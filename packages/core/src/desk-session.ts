import { useSyncExternalStore } from "react";
import type { Locale, StaffMember } from "@agency/contract";
import { getApiClient, type ApiClient, type BearerSession } from "./api-client";
import { resolveSettings } from "./settings";
import { readStorage, writeStorage } from "./storage";

/**
 * The staff session of the agency's desk, kept apart from the customer session: its own storage key and its own
 * API client. A customer signed in on the site stays signed in whatever happens in the desk, and a desk call is
 * never sent with the customer's token.
 */
export const DESK_TOKEN_KEY = "deskToken";

export interface DeskSessionSnapshot {
  token: string | null;
  /** Who is signed in, once the server has said (GET /desk/me); null before that. */
  staff: StaffMember | null;
}

const listeners = new Set<() => void>();
let snapshot: DeskSessionSnapshot = { token: readStorage(DESK_TOKEN_KEY), staff: null };
let listening = false;

function emit(): void {
  for (const listener of listeners) listener();
}

export function getDeskSession(): DeskSessionSnapshot {
  return snapshot;
}

export function setDeskSession(token: string, staff: StaffMember | null = null): void {
  writeStorage(DESK_TOKEN_KEY, token);
  snapshot = { token, staff };
  emit();
}

/** Keeps the token, records who it belongs to. Ignored when the session changed meanwhile. */
export function setDeskStaff(token: string, staff: StaffMember): void {
  if (snapshot.token !== token) return;
  snapshot = { token, staff };
  emit();
}

export function clearDeskSession(): void {
  writeStorage(DESK_TOKEN_KEY, null);
  if (snapshot.token === null && snapshot.staff === null) return;
  snapshot = { token: null, staff: null };
  emit();
}

export function subscribeDeskSession(listener: () => void): () => void {
  if (!listening && typeof window !== "undefined") {
    listening = true;
    // Signed out (or in as someone else) in another tab: this one follows.
    window.addEventListener("storage", (event) => {
      if (event.key !== null && event.key !== DESK_TOKEN_KEY) return;
      const token = readStorage(DESK_TOKEN_KEY);
      if (token === snapshot.token) return;
      snapshot = { token, staff: null };
      emit();
    });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SIGNED_OUT: DeskSessionSnapshot = { token: null, staff: null };

export function useDeskSession(): DeskSessionSnapshot {
  return useSyncExternalStore(subscribeDeskSession, getDeskSession, () => SIGNED_OUT);
}

/** A 401 on a desk call ends the staff session only; the desk then shows its sign-in where the staff member was. */
const deskBearer: BearerSession = {
  key: "desk",
  token: () => snapshot.token,
  end: clearDeskSession,
  navigatesOnUnauthorized: false,
};

/** The desk's API client, in the desk's language (the server's texts follow it). */
export function deskApiClient(locale: Locale): ApiClient {
  return getApiClient({ ...resolveSettings({ locale }), session: deskBearer });
}
