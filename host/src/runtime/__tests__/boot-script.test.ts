import { afterEach, describe, expect, it, vi } from "vitest";
import { ISLAND_LIVE_EVENT, PAGE_LIVE_EVENT } from "../island";
import { bootScript, type BootWindow } from "../boot-script";

type Appended = { tag: string; rel?: string; href?: string; type?: string; src?: string };

/** A window whose paint timing reports first-contentful-paint when `paint()` is called. */
function fakeWindow(paintTiming: boolean) {
  const appended: Appended[] = [];
  let report: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | undefined;
  const frames: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  class Observer {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe = vi.fn();
    disconnect = vi.fn();
  }
  const win = {
    document: {
      createElement: (tag: string) => ({ tag }) as unknown as HTMLElement,
      head: { appendChild: (node: Appended) => appended.push({ ...node }) },
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
    PerformanceObserver: Observer as unknown as typeof PerformanceObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  } as unknown as BootWindow;
  return {
    win,
    appended,
    /** Runs the tasks the script has queued so far, one by one; how many there were. */
    runTasks: () => {
      const queued = tasks.splice(0);
      for (const task of queued) task();
      return queued.length;
    },
    paint: (name = "first-contentful-paint") =>
      report?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect: vi.fn() }),
    frame: () => frames.shift()?.(),
  };
}

/** Runs the text of the inline script as the browser does, with its element's data attributes. */
function run(win: BootWindow, dataset: Record<string, string>) {
  new Function("window", "document", bootScript())(win, { currentScript: { dataset } });
}

describe("the boot script", () => {
  it("loads nothing before the first contentful paint, then the entry, then its imports preloaded one task each", () => {
    const page = fakeWindow(true);
    run(page.win, { entry: "/assets/index-A1.js", preload: "/assets/react-B2.js /assets/i18n-C3.js" });
    expect(page.appended).toEqual([]);
    page.paint("first-paint");
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([{ tag: "script", type: "module", src: "/assets/index-A1.js" }]);
    // Each preload in a task of its own, so starting the requests never holds the main thread long.
    expect(page.runTasks()).toBe(2);
    expect(page.appended).toEqual([
      { tag: "script", type: "module", src: "/assets/index-A1.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/react-B2.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/i18n-C3.js" },
    ]);
    page.paint();
    expect(page.runTasks()).toBe(0);
    expect(page.appended).toHaveLength(3);
  });

  it("starts after the first frame in a browser without paint timing", () => {
    const page = fakeWindow(false);
    run(page.win, { entry: "/preview/a/b/assets/index-A1.js" });
    expect(page.appended).toEqual([]);
    page.frame();
    page.runTasks();
    expect(page.appended).toEqual([{ tag: "script", type: "module", src: "/preview/a/b/assets/index-A1.js" }]);
  });

  it("does nothing without an entry", () => {
    const page = fakeWindow(true);
    run(page.win, {});
    page.paint();
    expect(page.appended).toEqual([]);
  });
});

describe("the boot script's early clicks", () => {
  /** A page as the server sent it: two islands with a button each, a button outside them; the script has run. */
  function servedPage() {
    document.body.innerHTML = `
      <div data-island="site-header"><button id="menu">Menu</button><button id="en"><span>EN</span></button></div>
      <div data-island="faq"><button id="question">Question</button></div>
      <button id="outside">Cookie settings</button>`;
    run(window as unknown as BootWindow, {});
    const button = (id: string) => document.getElementById(id)!;
    const clicks: string[] = [];
    /** What hydration does: the island's buttons now answer clicks. */
    const hydrate = (...ids: string[]) => ids.forEach((id) => button(id).addEventListener("click", () => clicks.push(id)));
    return { button, clicks, hydrate };
  }
  const pageLive = () => document.dispatchEvent(new Event(PAGE_LIVE_EVENT));

  afterEach(() => {
    // Ends the listeners of the page's script, as its code does once it is live.
    pageLive();
    document.body.innerHTML = "";
  });

  it("clicks an island's buttons again, in order, once the page answers clicks", () => {
    const page = servedPage();
    page.button("menu").click();
    page.button("en").firstElementChild!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    page.button("menu").click();
    page.button("outside").click();
    expect(page.clicks).toEqual([]);

    page.hydrate("menu", "en", "question", "outside");
    pageLive();
    expect(page.clicks).toEqual(["menu", "en", "menu"]);

    // Live: a click is the page's own from now on, and nothing is clicked twice.
    page.button("question").click();
    pageLive();
    expect(page.clicks).toEqual(["menu", "en", "menu", "question"]);
  });

  it("leaves the clicks on an island whose root has started to React, and skips a button that is gone", () => {
    const page = servedPage();
    page.button("question").closest("[data-island]")!.dispatchEvent(new Event(ISLAND_LIVE_EVENT, { bubbles: true }));
    page.button("menu").click();
    page.hydrate("question", "menu");
    page.button("question").click();
    page.button("menu").remove();
    pageLive();
    expect(page.clicks).toEqual(["question"]);
  });
});
