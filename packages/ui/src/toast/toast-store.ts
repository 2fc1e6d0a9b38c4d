import { DEFAULT_LOCALE, type Locale } from "@agency/contract";

export type ToastKind = "success" | "error" | "info" | "loading";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  locale: Locale;
  /** Milliseconds, or null to stay until dismissed. */
  duration: number | null;
}

export interface ToastOptions {
  duration?: number | null;
  locale?: Locale;
}

/** Toasts last 4 s, loading toasts stay until dismissed, at most 20 at once. */
export const TOAST_DURATION_MS = 4000;
export const MAX_TOASTS = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish(toasts.filter((t) => t.id !== id));
}

/** Adds a toast to the stack (toaster.tsx's `toast` also mounts the page's toaster). */
export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const duration = options.duration !== undefined ? options.duration : kind === "loading" ? null : TOAST_DURATION_MS;
  const item: Toast = { id: nextId++, kind, message, duration, locale: options.locale ?? DEFAULT_LOCALE };
  let next = [...toasts, item];
  // The oldest go first when the stack is full.
  while (next.length > MAX_TOASTS) {
    const [oldest, ...rest] = next;
    if (oldest) {
      clearTimeout(timers.get(oldest.id));
      timers.delete(oldest.id);
    }
    next = rest;
  }
  publish(next);
  if (duration !== null) timers.set(item.id, setTimeout(() => dismissToast(item.id), duration));
  return item.id;
}

export function getToasts(): Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: forget every toast and timer. */
export function resetToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  publish([]);
}
