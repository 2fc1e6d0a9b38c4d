import { contractCatalog } from "@agency/contract/catalog";
import { TEAM_ROLE_LABELS, type TeamRole } from "@agency/contract";
import { useLingui } from "@lingui/react";
import type { ComponentType } from "react";
import { withTexts } from "../../element/with-texts";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * The Team panel's texts: the panels' catalog, and the contract's, which names the roles as the server's mails do (it
 * comes with the API client's chunk, which the panel loads anyway).
 */
export function withTeamTexts<P extends object>(Panel: ComponentType<P>): ComponentType<P> {
  return withTexts(Panel, [{ nl, en }, contractCatalog]);
}

/** A role as the visitor reads it: 'Owner' / 'Eigenaar'. */
export function useRoleLabel() {
  const { i18n } = useLingui();
  return (role: TeamRole) => i18n._(TEAM_ROLE_LABELS[role]);
}
