/**
 * The browser and operating system of a user agent, by name only ('Chrome', 'macOS'), for the list of signed-in
 * devices. Only these two names are kept with a session, never the user-agent string itself. Order matters: Edge,
 * Opera and Samsung Internet also call themselves Chrome, and every Chromium and Safari on iOS calls itself Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export interface Device {
  browser: string | null;
  os: string | null;
}

/** A session's device: its browser and system, and the SHA-256 of the id of the browser the account knows it by. */
export interface SessionDevice extends Partial<Device> {
  hash?: string | null;
}

export function deviceOf(userAgent: string | undefined): Device {
  const ua = (userAgent ?? "").slice(0, 500);
  const find = (list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: find(BROWSERS), os: find(SYSTEMS) };
}
