import { createContext, useContext } from "react";
import type { TeamResponse } from "@agency/contract";
import { teamApi } from "@agency/core";
import type { ElementApi } from "../element/element-context";

/**
 * The signed-in person's company as the settings page knows it: fetched with the subscription (the page shows each
 * person only what their role allows), and handed to the Team panel below the first screen. `changed` fetches it and
 * the subscription again, after a change that may move the person into another company (leaving, a transfer).
 */
export interface TeamState {
  team: TeamResponse | null;
  changed: () => Promise<void>;
}

export const TeamContext = createContext<TeamState>({ team: null, changed: async () => undefined });

export const useTeam = () => useContext(TeamContext);

/** A failed fetch is only logged: the page then shows every button, and the server refuses what the role may not do. */
export async function fetchTeam(api: ElementApi["api"]): Promise<TeamResponse | null> {
  try {
    return await teamApi.getTeam(api);
  } catch (error) {
    console.error("agency-settings: could not load the company", error);
    return null;
  }
}
