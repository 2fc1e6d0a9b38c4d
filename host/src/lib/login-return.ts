/** What a guard tells the login page in the location's state: where the visitor was going. */
export interface LoginState {
  /** An app path with its query, e.g. "/billing?pay=1&lang=en". */
  from?: string;
}

/** Where a login goes on to: the page the visitor was sent away from, when the state names a path of this site. */
export function loginReturn(state: unknown): string | undefined {
  const from = (state as LoginState | null | undefined)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : undefined;
}
