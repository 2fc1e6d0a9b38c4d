import { InvitationPanelWithTexts } from "./invitation";
import { useInvitation } from "./invitation-flow";
import { LoginViews, type LoginProps } from "./login";

const parts = { use: useInvitation, Panel: InvitationPanelWithTexts };

/**
 * The login element as an invitation's page (`invitation-token`): the invitation above the views, which switch in
 * place, and the acceptance right after signing in or up. Loaded only by such a page, with its texts.
 */
export default function InvitationLogin({ view, redirectTo, invitationToken }: LoginProps & { invitationToken: string }) {
  return <LoginViews view={view} redirectTo={redirectTo} invite={{ ...parts, token: invitationToken }} />;
}
