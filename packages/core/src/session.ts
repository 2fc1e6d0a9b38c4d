import { useSyncExternalStore } from "react";
import type { User } from "@agency/contract";
import { readStorage, storagePrefixFor, writeStorage } from "./storage";

/** The local storage keys of the session: the bearer token and the stored user (behind the store's prefix). */
export const TOKEN_KEY = "token";
export const USER_KEY = "user";
/** Fired on window whenever a copy of the bundle changes the session, so other copies on the page agree. */
export const SESSION_EVENT = "agency-session-change";

export interface SessionSnapshot {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
}

/**
 * The customer session of one storage prefix (./storage.ts): the agency's own site keeps it under the specification's
 * keys (`token`, `user`), the elements on any other page under their own (`agency.token`, `agency.user`).
 */
export interface SessionStore {
  readonly prefix: string;
  get(): SessionSnapshot;
  set(user: User, token: string): void;
  /** Keeps the token, replaces the stored user (after GET /auth/me). */
  update(user: User): void;
  /** Forgets the session: removes exactly the two keys this store wrote. */
  clear(): void;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage; tests and hosts that change storage behind the store's back call this. */
  reload(): SessionSnapshot;
}

const instanceId = Math.random().toString(36).slice(2);
const SIGNED_OUT: SessionSnapshot = { user: null, token: null, isAuthenticated: false };
const stores = new Map<string, SessionStore & { fromStorage(): void }>();
let listening = false;

function createStore(prefix: string): SessionStore & { fromStorage(): void } {
  const tokenKey = prefix + TOKEN_KEY;
  const userKey = prefix + USER_KEY;
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot | null = null;

  /** A stored token and user; an unparsable user removes both, silently. */
  function load(): SessionSnapshot {
    const token = readStorage(tokenKey);
    const rawUser = readStorage(userKey);
    let user: User | null = null;
    if (rawUser !== null) {
      try {
        const parsed: unknown = JSON.parse(rawUser);
        if (!parsed || typeof parsed !== "object") throw new Error("not a user");
        user = parsed as User;
      } catch {
        writeStorage(tokenKey, null);
        writeStorage(userKey, null);
        return SIGNED_OUT;
      }
    }
    return { user, token, isAuthenticated: Boolean(token && user) };
  }

  function emit(broadcast: boolean): void {
    if (broadcast && typeof window !== "undefined") {
      window.dispatchEvent(new CustomEvent(SESSION_EVENT, { detail: { source: instanceId, prefix } }));
    }
    for (const listener of listeners) listener();
  }

  const store = {
    prefix,
    get: () => (snapshot ??= load()),
    set(user: User, token: string) {
      writeStorage(tokenKey, token);
      writeStorage(userKey, JSON.stringify(user));
      snapshot = { user, token, isAuthenticated: true };
      emit(true);
    },
    update(user: User) {
      const { token } = store.get();
      if (token) store.set(user, token);
    },
    clear() {
      writeStorage(tokenKey, null);
      writeStorage(userKey, null);
      snapshot = SIGNED_OUT;
      emit(true);
    },
    subscribe(listener: () => void) {
      listenToOtherCopies();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      snapshot = load();
      emit(false);
      return snapshot;
    },
    /** Another copy of the bundle or another tab changed the keys. */
    fromStorage() {
      const next = load();
      if (snapshot && next.token === snapshot.token && JSON.stringify(next.user) === JSON.stringify(snapshot.user)) return;
      snapshot = next;
      emit(false);
    },
  };
  return store;
}

function storeFor(prefix: string): SessionStore & { fromStorage(): void } {
  let store = stores.get(prefix);
  if (!store) {
    store = createStore(prefix);
    stores.set(prefix, store);
  }
  return store;
}

function listenToOtherCopies(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener(SESSION_EVENT, (event) => {
    const detail = (event as CustomEvent<{ source?: string; prefix?: string }>).detail;
    if (detail?.source !== instanceId) stores.get(detail?.prefix ?? "")?.fromStorage();
  });
  // Another tab logged in or out.
  window.addEventListener("storage", (event) => {
    for (const [prefix, store] of stores) {
      if (event.key === null || event.key === prefix + TOKEN_KEY || event.key === prefix + USER_KEY) store.fromStorage();
    }
  });
}

/** The session of the calls to the API at `apiBase`: the site's on the agency's own origin, the elements' own elsewhere. */
export function sessionFor(apiBase: string): SessionStore {
  return storeFor(storagePrefixFor(apiBase));
}

/** The session of the agency's own site (the specification's keys): what the site itself reads and writes. */
export const siteSession: SessionStore = storeFor("");

export const getSession = (): SessionSnapshot => siteSession.get();
export const setSession = (user: User, token: string): void => siteSession.set(user, token);
export const updateUser = (user: User): void => siteSession.update(user);
export const clearSession = (): void => siteSession.clear();
export const subscribeSession = (listener: () => void): (() => void) => siteSession.subscribe(listener);
export const reloadSession = (): SessionSnapshot => siteSession.reload();

/** What the server renders, and what a page hydrates with before it reads the stored session: nobody signed in. */
const signedOut = () => SIGNED_OUT;

/** The session of `store` (the site's by default), re-rendering on every change. */
export function useSession(store: SessionStore = siteSession): SessionSnapshot {
  return useSyncExternalStore(store.subscribe, store.get, signedOut);
}
