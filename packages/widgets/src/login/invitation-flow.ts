import type { InvitationPreview } from "@agency/contract";
import { teamApi, useSession } from "@agency/core";
import { toast } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";
import { useElement } from "../element/element-context";
import type { AuthFlow } from "./auth-flow";

/** An invitation's state in the login element: looked at first (no session needed), then accepted. */
export interface Invitation {
  token: string;
  /** What the link says (who invites whom, to which company), an error answer, or null while it loads. */
  preview: InvitationPreview | { failed: unknown } | null;
  /** Accepting, or the answer of the last try that failed (shown by the panel). */
  accepting: boolean;
  acceptError: unknown;
  accept: () => Promise<void>;
  /** The login flow, with the invitation accepted between signing in (or up) and leaving. */
  flow: AuthFlow;
}

/**
 * With an `invitation-token`, the element is the invitation's page: it shows who invites the visitor to which
 * company (the token is looked at, which changes nothing, so a mail scanner's visit uses nothing up), lets them log
 * in or register, and accepts right after, with the session just made; then it goes on to `redirect-to`. A visitor
 * already signed in accepts with one click.
 */
export function useInvitation(token: string, base: AuthFlow): Invitation {
  const { t } = useLingui();
  const { api, settings, emit } = useElement();
  const { isAuthenticated } = useSession();
  const [preview, setPreview] = useState<Invitation["preview"]>(null);
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<unknown>(null);

  // A sign-out (to log in with the invited address) clears what a failed acceptance said.
  useEffect(() => {
    if (!isAuthenticated) setAcceptError(null);
  }, [isAuthenticated]);

  useEffect(() => {
    let current = true;
    setPreview(null);
    teamApi.previewInvitation(api, token).then(
      (found) => current && setPreview(found),
      (failed: unknown) => current && setPreview({ failed }),
    );
    return () => {
      current = false;
    };
  }, [api, token]);

  return useMemo(() => {
    const accept = async () => {
      setAccepting(true);
      setAcceptError(null);
      try {
        const team = await teamApi.acceptInvitation(api, token);
        const company = team.name;
        toast.success(t`You joined ${company}`, { locale: settings.locale });
        emit("agency-invitation-accept", { team, role: preview && "role" in preview ? preview.role : "member" });
        base.finish(base.home);
      } catch (error) {
        console.error("agency-login: the invitation could not be accepted", error);
        base.fail();
        setAcceptError(error);
      } finally {
        setAccepting(false);
      }
    };
    // Signing in or up goes on to the acceptance, not to the page the views name (register would go to /subscribe).
    const flow: AuthFlow = { ...base, finish: () => void accept() };
    return { token, preview, accepting, acceptError, accept, flow };
    // The texts and events come from the element, which does not change under it.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [token, preview, accepting, acceptError, base, api]);
}
