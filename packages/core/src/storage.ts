// Partner pages can run in sandboxed iframes or privacy modes where touching localStorage throws;
// an element must keep working there (it simply forgets), so every access goes through these.
export function readStorage(key: string, area: "local" | "session" = "local"): string | null {
  try {
    return (area === "local" ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, area: "local" | "session" = "local"): void {
  try {
    const store = area === "local" ? localStorage : sessionStorage;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    /* storage unavailable: nothing to keep */
  }
}
