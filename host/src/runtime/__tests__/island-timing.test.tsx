import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RouterData } from "../../lib/router-data";
import { defineIslands, startIslands } from "..";
import { defineElements } from "../elements";
import { ISLAND_LIVE_EVENT } from "../island";

vi.mock("../elements", () => ({ defineElements: vi.fn() }));

/** The islands hydrate when their declaration says: at once, when the browser is idle, or as they come into view. */

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

const islands = defineIslands({
  first: { when: "load", load: async () => Counter },
  later: { when: "idle", load: async () => Counter },
  below: { when: "visible", load: async () => Counter },
});
const { Island } = islands;

const data: RouterData = { locale: "nl", site: { origin: window.location.origin, base: "/" }, loaderData: {}, actionData: null };
const noApp = () => Promise.reject(new Error("no app in this test"));

/** An IntersectionObserver whose reports the test sends. */
function fakeViewport() {
  const observers: Array<{ report(near: boolean): void; element?: Element }> = [];
  class Observer {
    private element?: Element;
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.push({ report: (near) => this.callback([{ isIntersecting: near, target: this.element } as IntersectionObserverEntry], this as never), element: undefined });
    }
    observe(element: Element) {
      this.element = element;
    }
    disconnect() {}
    unobserve() {}
  }
  vi.stubGlobal("IntersectionObserver", Observer);
  return {
    report: (near: boolean) => observers.forEach((observer) => observer.report(near)),
    watching: () => observers.length > 0,
  };
}

function idleCallbacks() {
  const waiting: Array<() => void> = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => waiting.push(callback));
  return { run: () => waiting.splice(0).forEach((callback) => callback()) };
}

function servePage() {
  document.documentElement.removeAttribute("data-hydrated");
  document.body.innerHTML = `<div id="root">${renderToString(
    <>
      <Island name="first" component={Counter} props={{ label: "first" }} />
      <Island name="later" component={Counter} props={{ label: "later" }} />
      <Island name="below" component={Counter} props={{ label: "below" }} />
    </>,
  )}</div>`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(defineElements).mockClear();
  document.body.innerHTML = "";
});

describe("when an island hydrates", () => {
  it("hydrates load islands at once, idle ones when the browser is idle, visible ones as they come near the viewport", async () => {
    servePage();
    const viewport = fakeViewport();
    const idle = idleCallbacks();
    let started = false;
    const start = startIslands(data, { islands, loadApp: noApp }).then(() => {
      started = true;
    });
    await waitFor(() => {
      fireEvent.click(screen.getByRole("button", { name: /first/ }));
      expect(screen.getByRole("button", { name: /first/ })).not.toHaveTextContent("first 0");
    });
    // Not idle yet: the idle island is still the server's HTML, and the page does not count as live.
    fireEvent.click(screen.getByRole("button", { name: /later/ }));
    expect(screen.getByRole("button", { name: /later/ })).toHaveTextContent("later 0");
    viewport.report(false);
    idle.run();
    await start;
    expect(started).toBe(true);
    expect(document.documentElement).toHaveAttribute("data-hydrated");
    fireEvent.click(screen.getByRole("button", { name: /later/ }));
    await waitFor(() => expect(screen.getByRole("button", { name: /later/ })).toHaveTextContent("later 1"));
    // Out of view, the visible island waits until the visitor scrolls to it.
    fireEvent.click(screen.getByRole("button", { name: /below/ }));
    expect(screen.getByRole("button", { name: /below/ })).toHaveTextContent("below 0");
    viewport.report(true);
    await waitFor(() => {
      fireEvent.click(screen.getByRole("button", { name: /below/ }));
      expect(screen.getByRole("button", { name: /below/ })).not.toHaveTextContent("below 0");
    });
  });

  it("counts a visible island in view at the start before the page is live", async () => {
    servePage();
    const viewport = fakeViewport();
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 0));
    const start = startIslands(data, { islands, loadApp: noApp });
    await waitFor(() => expect(viewport.watching()).toBe(true));
    viewport.report(true);
    await start;
    fireEvent.click(screen.getByRole("button", { name: /below/ }));
    await waitFor(() => expect(screen.getByRole("button", { name: /below/ })).toHaveTextContent("below 1"));
  });

  it("starts no island in the task that started the page, and each island's root in a task of its own", async () => {
    const twoAtOnce = defineIslands({
      first: { when: "load", load: async () => Counter },
      second: { when: "load", load: async () => Counter },
    });
    document.body.innerHTML = `<div id="root">${renderToString(
      <>
        <twoAtOnce.Island name="first" component={Counter} props={{ label: "first" }} />
        <twoAtOnce.Island name="second" component={Counter} props={{ label: "second" }} />
      </>,
    )}</div>`;
    // Whatever a task's promises do runs before the next task: many turns of them stay within one task.
    const promiseTurns = async () => {
      for (let turn = 0; turn < 50; turn++) await Promise.resolve();
    };
    let live = 0;
    const liveByTheEndOfItsTask: number[] = [];
    const onLive = () => {
      live++;
      void promiseTurns().then(() => liveByTheEndOfItsTask.push(live));
    };
    document.addEventListener(ISLAND_LIVE_EVENT, onLive);
    try {
      const start = startIslands(data, { islands: twoAtOnce, loadApp: noApp });
      await promiseTurns();
      expect(live).toBe(0);
      await start;
      expect(live).toBe(2);
      expect(liveByTheEndOfItsTask).toEqual([1, 2]);
    } finally {
      document.removeEventListener(ISLAND_LIVE_EVENT, onLive);
    }
  });

  it("defines the page's elements once its load islands are hydrated, without waiting for the idle ones", async () => {
    servePage();
    const viewport = fakeViewport();
    const idle = idleCallbacks();
    const start = startIslands(data, { islands, loadApp: noApp });
    await waitFor(() => expect(defineElements).toHaveBeenCalledWith(document));
    // The idle island has not hydrated: the page is not live yet, its elements are on their way all the same.
    expect(document.documentElement).not.toHaveAttribute("data-hydrated");
    viewport.report(false);
    idle.run();
    await start;
    expect(document.documentElement).toHaveAttribute("data-hydrated");
    expect(defineElements).toHaveBeenCalledTimes(1);
  });
});
