import { useSyncExternalStore } from "react";
import type { User } from "@agency/contract";
import { readStorage, writeStorage } from "./storage";

/** The local storage keys of the session: the bearer token and the stored user. */
export const TOKEN_KEY = "token";
export const USER_KEY = "user";
/** Fired on window whenever a copy of the bundle changes the session, so other copies on the page agree. */
export const SESSION_EVENT = "agency-session-change";

export interface SessionSnapshot {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
}

const instanceId = Math.random().toString(36).slice(2);
const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = load();
let listening = false;

/** A stored token and user are loaded at start; an unparsable user removes both, silently. */
function load(): SessionSnapshot {
  const token = readStorage(TOKEN_KEY);
  const rawUser = readStorage(USER_KEY);
  let user: User | null = null;
  if (rawUser !== null) {
    try {
      const parsed: unknown = JSON.parse(rawUser);
      if (!parsed || typeof parsed !== "object") throw new Error("not a user");
      user = parsed as User;
    } catch {
      writeStorage(TOKEN_KEY, null);
      writeStorage(USER_KEY, null);
      return { user: null, token: null, isAuthenticated: false };
    }
  }
  return { user, token, isAuthenticated: Boolean(token && user) };
}

function emit(broadcast: boolean): void {
  if (broadcast && typeof window !== "undefined") {
    window.dispatchEvent(new CustomEvent(SESSION_EVENT, { detail: { source: instanceId } }));
  }
  for (const listener of listeners) listener();
}

function reloadFromStorage(): void {
  const next = load();
  if (next.token === snapshot.token && JSON.stringify(next.user) === JSON.stringify(snapshot.user)) return;
  snapshot = next;
  emit(false);
}

function listenToOtherCopies(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener(SESSION_EVENT, (event) => {
    if ((event as CustomEvent<{ source?: string }>).detail?.source !== instanceId) reloadFromStorage();
  });
  // Another tab logged in or out.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) reloadFromStorage();
  });
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function setSession(user: User, token: string): void {
  writeStorage(TOKEN_KEY, token);
  writeStorage(USER_KEY, JSON.stringify(user));
  snapshot = { user, token, isAuthenticated: true };
  emit(true);
}

/** Keeps the token, replaces the stored user (after GET /auth/me). */
export function updateUser(user: User): void {
  if (!snapshot.token) return;
  setSession(user, snapshot.token);
}

export function clearSession(): void {
  writeStorage(TOKEN_KEY, null);
  writeStorage(USER_KEY, null);
  snapshot = { user: null, token: null, isAuthenticated: false };
  emit(true);
}

export function subscribeSession(listener: () => void): () => void {
  listenToOtherCopies();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads storage; tests and hosts that change storage behind the store's back call this. */
export function reloadSession(): SessionSnapshot {
  snapshot = load();
  emit(false);
  return snapshot;
}

/** What the server renders, and what a page hydrates with before it reads the stored session: nobody signed in. */
const SIGNED_OUT: SessionSnapshot = { user: null, token: null, isAuthenticated: false };
const signedOut = () => SIGNED_OUT;

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, signedOut);
}
