import { describe, expect, it, vi } from "vitest";
import { bootScript, type BootWindow } from "../boot-script";

type Appended = { tag: string; rel?: string; href?: string; type?: string; src?: string };

/** A window whose paint timing reports first-contentful-paint when `paint()` is called. */
function fakeWindow(paintTiming: boolean) {
  const appended: Appended[] = [];
  let report: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | undefined;
  const frames: Array<() => void> = [];
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
    },
    PerformanceObserver: Observer as unknown as typeof PerformanceObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => callback(),
  } as unknown as BootWindow;
  return {
    win,
    appended,
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
  it("loads nothing before the first contentful paint, then the entry with its imports preloaded", () => {
    const page = fakeWindow(true);
    run(page.win, { entry: "/assets/index-A1.js", preload: "/assets/react-B2.js /assets/i18n-C3.js" });
    expect(page.appended).toEqual([]);
    page.paint("first-paint");
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/react-B2.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/i18n-C3.js" },
      { tag: "script", type: "module", src: "/assets/index-A1.js" },
    ]);
    page.paint();
    expect(page.appended).toHaveLength(3);
  });

  it("starts after the first frame in a browser without paint timing", () => {
    const page = fakeWindow(false);
    run(page.win, { entry: "/preview/a/b/assets/index-A1.js" });
    expect(page.appended).toEqual([]);
    page.frame();
    expect(page.appended).toEqual([{ tag: "script", type: "module", src: "/preview/a/b/assets/index-A1.js" }]);
  });

  it("does nothing without an entry", () => {
    const page = fakeWindow(true);
    run(page.win, {});
    page.paint();
    expect(page.appended).toEqual([]);
  });
});
