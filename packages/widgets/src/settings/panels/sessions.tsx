import { type AccountSession, formatDate, formatTimeAgo } from "@agency/contract";
import { accountApi, authApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert } from "@agency/ui/form";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { useElement } from "../../element/element-context";

type Load = { state: "loading" } | { state: "failed" } | { state: "loaded"; sessions: AccountSession[]; page: number; pages: number; total: number };

/** A session's last use counts as now within this long (it is written at most once a minute). */
const ACTIVE_NOW_MS = 2 * 60_000;

const isActiveNow = (session: AccountSession) => session.current || Date.now() - Date.parse(session.last_used_at) < ACTIVE_NOW_MS;

/**
 * The devices signed in to the account (browser and system, as GitHub and Clerk show them: 'Chrome on macOS'),
 * this one marked, with their last use; each one can be signed out, this one too (a logout that removes only the
 * element's own session keys), or all the others at once. A device signed out from here is forgotten as a known
 * browser too: its next sign-in mails the owner an alert.
 */
export function Sessions() {
  const { t } = useLingui();
  const { api, settings, emit, navigate } = useElement();
  const locale = settings.locale;
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [working, setWorking] = useState<string | null>(null);

  const [more, setMore] = useState<"idle" | "loading" | "failed">("idle");

  const fetchSessions = useCallback(
    () =>
      accountApi.listSessions(api).then(
        ({ sessions, page, pages, total }): Load => ({ state: "loaded", sessions, page, pages, total }),
        (failure: unknown): Load => {
          console.error("agency-settings: the signed-in devices could not be loaded", failure);
          return { state: "failed" };
        },
      ),
    [api],
  );
  const refresh = async () => setLoad(await fetchSessions());

  /** The next page of devices, added below the ones shown (an account has at most 50). */
  async function showMore() {
    if (load.state !== "loaded") return;
    setMore("loading");
    try {
      const next = await accountApi.listSessions(api, load.page + 1);
      const listed = new Set(load.sessions.map((s) => s.id));
      // A device signed in meanwhile moves the pages along; one already listed is not listed twice.
      const added = next.sessions.filter((s) => !listed.has(s.id));
      setLoad({ ...load, sessions: [...load.sessions, ...added], page: next.page, pages: next.pages, total: next.total });
      setMore("idle");
    } catch (failure) {
      console.error("agency-settings: more signed-in devices could not be loaded", failure);
      setMore("failed");
    }
  }

  useEffect(() => {
    let live = true;
    void fetchSessions().then((next) => live && setLoad(next));
    return () => {
      live = false;
    };
  }, [fetchSessions]);

  const device = (session: AccountSession) => {
    const { browser, os } = session;
    if (browser && os) return t`${browser} on ${os}`;
    return browser ?? os ?? t`Unknown device`;
  };

  async function signOut(target: AccountSession | "others") {
    setWorking(target === "others" ? "others" : target.id);
    if (target !== "others" && target.current) {
      // This device: a logout, then the login page (the list goes with the session).
      await authApi.logout(api);
      emit("agency-sessions-revoke", { revoked: 1, current: true });
      navigate("/login");
      return;
    }
    try {
      if (target === "others") {
        const { revoked } = await accountApi.revokeOtherSessions(api);
        toast.success(t`${plural(revoked, { one: "# other device has been signed out", other: "# other devices have been signed out" })}`, { locale });
        emit("agency-sessions-revoke", { revoked });
      } else {
        await accountApi.revokeSession(api, target.id);
        const name = device(target);
        toast.success(t`${name} has been signed out`, { locale });
        emit("agency-sessions-revoke", { revoked: 1 });
      }
    } catch (failure) {
      console.error("agency-settings: signing out failed", failure);
      toast.error(t`Failed to sign out`, { locale });
    } finally {
      setWorking(null);
      await refresh();
    }
  }

  const others = load.state === "loaded" ? load.sessions.filter((s) => !s.current) : [];
  const shown = load.state === "loaded" ? load.sessions.length : 0;
  const total = load.state === "loaded" ? load.total : 0;

  return (
    <section className="settings__card" part="sessions" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions" className="settings__title">
        <Trans>Signed-in devices</Trans>
      </h2>
      {load.state === "loading" ? (
        <p className="settings__muted" role="status">
          <Trans>Loading...</Trans>
        </p>
      ) : load.state === "failed" ? (
        <div className="settings__actions">
          <FormAlert message={t`Failed to load your signed-in devices`} />
          <button type="button" className="ag-button ag-button--secondary" onClick={() => void refresh()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <>
          <ul className="settings__sessions">
            {load.sessions.map((session) => {
              const name = device(session);
              const ago = formatTimeAgo(session.last_used_at, locale);
              const since = formatDate(session.created_at, locale);
              return (
                <li key={session.id} className="settings__session" part="session">
                  <div>
                    <p className="settings__device">
                      {name}{" "}
                      {session.current ? (
                        <span className="badge badge--active">
                          <Trans>This device</Trans>
                        </span>
                      ) : null}
                    </p>
                    <p className="settings__muted">
                      {isActiveNow(session) ? (
                        <Trans>Active now</Trans>
                      ) : (
                        <Trans>Last active {ago}</Trans>
                      )}
                      {" · "}
                      <Trans>Signed in {since}</Trans>
                    </p>
                  </div>
                  <button
                    type="button"
                    className="ag-button ag-button--secondary"
                    disabled={working !== null}
                    aria-busy={working === session.id}
                    aria-label={session.current ? t`Sign out this device` : t`Sign out ${name}`}
                    onClick={() => void signOut(session)}
                  >
                    <Trans>Sign out</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
          {load.page < load.pages ? (
            <div className="settings__actions">
              {more === "failed" ? <FormAlert message={t`Failed to load your signed-in devices`} /> : null}
              <button type="button" className="ag-button ag-button--secondary" aria-busy={more === "loading"} onClick={() => void showMore()}>
                {more === "loading" ? (
                  <Trans>Loading...</Trans>
                ) : (
                  <Trans>
                    Show more devices ({shown} of {total})
                  </Trans>
                )}
              </button>
            </div>
          ) : null}
          <p className="settings__muted">
            <Trans>A device you sign out here is no longer recognised: its next sign-in sends you an alert.</Trans>
          </p>
          <div className="settings__actions">
            <button
              type="button"
              className="ag-button ag-button--danger"
              part="sign-out-others"
              disabled={others.length === 0 || working !== null}
              aria-busy={working === "others"}
              onClick={() => void signOut("others")}
            >
              {working === "others" ? <Trans>Signing out...</Trans> : <Trans>Sign out everywhere else</Trans>}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
