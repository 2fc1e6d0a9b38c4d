import { adoptStyles, uiCss, useThemeStyles } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useElement } from "../element/element-context";
import type { ConsentChoice } from "./consent";
import type { OptionalCategory } from "./consent-cookies";
import css from "./consent-embeds.css?inline";
import { EMBED_SELECTOR } from "./held-frames";

const sheets = [uiCss, css];

/** Marks the placeholder shown in a held frame's place. */
export const PLACEHOLDER_ATTRIBUTE = "data-agency-consent-placeholder";

interface HeldFrame {
  frame: HTMLIFrameElement;
  category: OptionalCategory;
  placeholder: HTMLElement;
  root: ShadowRoot;
}

const held = new WeakMap<HTMLIFrameElement, HeldFrame>();

/** The provider a placeholder names: `data-provider`, else the host of the frame's address. */
function providerOf(frame: HTMLIFrameElement): string {
  const named = frame.dataset.provider?.trim();
  if (named) return named;
  try {
    return new URL(frame.dataset.src!, document.baseURI).hostname.replace(/^www\./, "");
  } catch {
    return frame.dataset.src!;
  }
}

/** A frame's placeholder: a box of the frame's size before it, with a shadow root so the page's CSS stays out. */
function hold(frame: HTMLIFrameElement): HeldFrame {
  let entry = held.get(frame);
  if (entry) return entry;
  const placeholder = document.createElement("div");
  placeholder.setAttribute(PLACEHOLDER_ATTRIBUTE, "");
  // The frame's own size, so nothing moves when it loads in the placeholder's place (CSSOM, allowed by a strict CSP).
  const size = (value: string) => (/^\d+$/.test(value) ? `${value}px` : value);
  if (frame.width) placeholder.style.width = size(frame.width);
  if (frame.height) placeholder.style.minHeight = size(frame.height);
  placeholder.style.maxWidth = "100%";
  const root = placeholder.attachShadow({ mode: "open" });
  adoptStyles(root, sheets);
  entry = { frame, category: frame.dataset.consent as OptionalCategory, placeholder, root };
  held.set(frame, entry);
  return entry;
}

/** Loads the frame's address, or unloads it (a frame whose address is removed keeps its page; about:blank does not). */
function setLoaded(entry: HeldFrame, loaded: boolean): void {
  const { frame, placeholder } = entry;
  const address = frame.dataset.src!;
  if (loaded) {
    if (frame.getAttribute("src") !== address) frame.setAttribute("src", address);
    frame.hidden = false;
    frame.style.removeProperty("display");
    placeholder.remove();
    return;
  }
  if (frame.hasAttribute("src")) frame.setAttribute("src", "about:blank");
  // `hidden` alone loses to a page rule such as `iframe { display: block }`.
  frame.hidden = true;
  frame.style.setProperty("display", "none", "important");
  if (placeholder.nextSibling !== frame) frame.before(placeholder);
}

/** The held frames on the page, also those added later. */
function useHeldFrames(): HTMLIFrameElement[] {
  const [frames, setFrames] = useState<HTMLIFrameElement[]>(() => Array.from(document.querySelectorAll<HTMLIFrameElement>(EMBED_SELECTOR)));
  useEffect(() => {
    const find = () => {
      const now = Array.from(document.querySelectorAll<HTMLIFrameElement>(EMBED_SELECTOR));
      setFrames((before) => (before.length === now.length && before.every((f, i) => f === now[i]) ? before : now));
    };
    const observer = new MutationObserver(find);
    observer.observe(document.documentElement, { childList: true, subtree: true });
    find();
    return () => observer.disconnect();
  }, []);
  return frames;
}

interface ConsentEmbedsProps {
  /** The decision that counts, or null before any. */
  consent: ConsentChoice | null;
  /** The visitor accepted a category from a placeholder: a decision like any other. */
  onAccept: (category: OptionalCategory) => void;
}

/**
 * Consent-gated embeds (videos, maps): each held frame stays empty until its category is allowed, with a
 * placeholder in its place that names the provider and offers to load it once or to accept the category. A
 * withdrawn category unloads its frames again, and so does every new decision for frames loaded once.
 */
export default function ConsentEmbeds({ consent, onAccept }: ConsentEmbedsProps) {
  const frames = useHeldFrames();
  // Frames loaded once count for the decision they were loaded under; any new decision holds them again.
  const decision = JSON.stringify(consent);
  const [loadedOnce, setLoadedOnce] = useState<{ decision: string; frames: ReadonlySet<HTMLIFrameElement> }>({ decision, frames: new Set() });
  const once = loadedOnce.decision === decision ? loadedOnce.frames : new Set<HTMLIFrameElement>();
  const loadOnce = (frame: HTMLIFrameElement) => setLoadedOnce({ decision, frames: new Set(once).add(frame) });

  const entries = frames.map(hold);
  const waiting = entries.filter((entry) => !(consent?.[entry.category] || once.has(entry.frame)));
  useEffect(() => {
    for (const entry of entries) setLoaded(entry, !waiting.includes(entry));
  });

  return waiting.map((entry, index) =>
    createPortal(
      <Placeholder entry={entry} onOnce={() => loadOnce(entry.frame)} onAccept={() => onAccept(entry.category)} />,
      entry.root,
      String(index),
    ),
  );
}

function Placeholder({ entry, onOnce, onAccept }: { entry: HeldFrame; onOnce: () => void; onAccept: () => void }) {
  const { t } = useLingui();
  const { settings } = useElement();
  // The banner's theme, in the placeholder's own shadow root.
  const themed = useThemeStyles(entry.root, settings.theme, sheets);
  const provider = providerOf(entry.frame);
  if (!themed) return null;
  const marketing = entry.category === "marketing";
  return (
    <div className="embed" lang={settings.locale} role="group" aria-label={entry.frame.title || provider}>
      <p className="embed__text">
        {marketing
          ? t`This content is provided by ${provider}, which may set marketing cookies. It loads only once you allow them.`
          : t`This content is provided by ${provider}, which may set analytics cookies. It loads only once you allow them.`}
      </p>
      <div className="embed__actions">
        <button type="button" className="ag-button ag-button--secondary" onClick={onOnce}>
          <Trans>Load this once</Trans>
        </button>
        <button type="button" className="ag-button" onClick={onAccept}>
          {marketing ? <Trans>Accept marketing</Trans> : <Trans>Accept analytics</Trans>}
        </button>
      </div>
    </div>
  );
}
