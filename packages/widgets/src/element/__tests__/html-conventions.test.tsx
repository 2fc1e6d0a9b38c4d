import { waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../demo/demo.element";
import { defineElement } from "../define-element";
import { commonAttributes, type ElementMeta } from "../element-meta";
import { useElement } from "../element-context";

interface ProbeProps {
  open?: boolean;
  count?: number;
  mode?: string;
  label?: string;
}

const meta = {
  tag: "agency-probe",
  attributes: {
    ...commonAttributes,
    open: { type: "boolean", default: false },
    count: { type: "number" },
    mode: { type: "string", values: ["a", "b"], default: "a" },
    label: { type: "string" },
  },
  events: {
    "agency-probe-done": { cancelable: false },
    "agency-probe-leave": { cancelable: true },
  },
} as const satisfies ElementMeta;

let emitFromProbe: ReturnType<typeof useElement>["emit"] | null = null;

function Probe(props: ProbeProps) {
  const { emit } = useElement();
  useEffect(() => {
    emitFromProbe = emit;
  }, [emit]);
  return <output>{JSON.stringify(props)}</output>;
}

defineElement<ProbeProps>({ meta, component: Probe, catalog: { nl: {}, en: {} } });

type ProbeElement = HTMLElement & { open: boolean; count: number | undefined; mode: string; label: string | undefined };

function mount(html: string): ProbeElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as ProbeElement;
}

const rendered = (el: HTMLElement) => JSON.parse(el.shadowRoot?.querySelector("output")?.textContent ?? "null") as ProbeProps;

afterEach(() => {
  emitFromProbe = null;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("attributes, the HTML way", () => {
  it("a boolean attribute is true when present, whatever its value, and false when absent", async () => {
    for (const html of [`<agency-probe open></agency-probe>`, `<agency-probe open="false"></agency-probe>`, `<agency-probe open="no"></agency-probe>`]) {
      const el = mount(html);
      expect(el.open, html).toBe(true);
      await waitFor(() => expect(rendered(el).open, html).toBe(true));
    }
    const el = mount(`<agency-probe></agency-probe>`);
    expect(el.open).toBe(false);
    await waitFor(() => expect(rendered(el).open).toBe(false));
  });

  it("setting a boolean property adds or removes the attribute, and the element follows", async () => {
    const el = mount(`<agency-probe></agency-probe>`);
    el.open = true;
    expect(el.getAttribute("open")).toBe("");
    await waitFor(() => expect(rendered(el).open).toBe(true));
    el.open = false;
    expect(el.hasAttribute("open")).toBe(false);
    await waitFor(() => expect(rendered(el).open).toBe(false));
  });

  it("properties read back their attributes, with the declared defaults", async () => {
    const el = mount(`<agency-probe count="3" mode="b" label="Hi" locale="en"></agency-probe>`);
    expect([el.count, el.mode, el.label, (el as unknown as { locale: string }).locale]).toEqual([3, "b", "Hi", "en"]);
    el.setAttribute("mode", "nonsense");
    el.setAttribute("count", "many");
    expect(el.mode).toBe("a");
    expect(el.count).toBeUndefined();
    el.removeAttribute("label");
    expect(el.label).toBeUndefined();
  });

  it("setting a property reflects it to its attribute and re-renders", async () => {
    const el = mount(`<agency-probe label="Hi"></agency-probe>`);
    await waitFor(() => expect(rendered(el).label).toBe("Hi"));
    el.label = "Bye";
    el.count = 7;
    expect(el.getAttribute("label")).toBe("Bye");
    expect(el.getAttribute("count")).toBe("7");
    await waitFor(() => expect(rendered(el)).toMatchObject({ label: "Bye", count: 7 }));
  });

  it("removing an attribute re-renders without it", async () => {
    const el = mount(`<agency-probe label="Hi"></agency-probe>`);
    await waitFor(() => expect(rendered(el).label).toBe("Hi"));
    el.removeAttribute("label");
    await waitFor(() => expect(rendered(el).label).toBeUndefined());
  });

  it("a property set before the element was defined is taken over", async () => {
    const el = document.createElement("agency-probe-late") as HTMLElement & { label?: string; open?: boolean };
    el.label = "early";
    el.open = true;
    document.body.append(el);
    defineElement<ProbeProps>({
      meta: { ...meta, tag: "agency-probe-late" },
      component: (props) => <output>{JSON.stringify(props)}</output>,
      catalog: { nl: {}, en: {} },
    });
    expect(el.getAttribute("label")).toBe("early");
    expect(el.hasAttribute("open")).toBe(true);
    await waitFor(() => expect(rendered(el)).toMatchObject({ label: "early", open: true }));
  });
});

describe("events", () => {
  it("only events declared cancelable can be cancelled; all bubble and are composed", async () => {
    const el = mount(`<agency-probe></agency-probe>`);
    await waitFor(() => expect(emitFromProbe).toBeTruthy());
    const seen: Array<[string, boolean, boolean, boolean]> = [];
    const cancel = (e: Event) => {
      seen.push([e.type, e.cancelable, e.bubbles, e.composed]);
      e.preventDefault();
    };
    document.addEventListener("agency-probe-done", cancel);
    document.addEventListener("agency-probe-leave", cancel);
    expect(emitFromProbe!("agency-probe-done", {})).toBe(true);
    expect(emitFromProbe!("agency-probe-leave", {})).toBe(false);
    expect(seen).toEqual([
      ["agency-probe-done", false, true, true],
      ["agency-probe-leave", true, true, true],
    ]);
    document.removeEventListener("agency-probe-done", cancel);
    document.removeEventListener("agency-probe-leave", cancel);
    el.remove();
  });

  it("refuses to dispatch an event its meta does not declare", async () => {
    mount(`<agency-probe></agency-probe>`);
    await waitFor(() => expect(emitFromProbe).toBeTruthy());
    expect(() => emitFromProbe!("agency-probe-unknown", {})).toThrow(/does not declare/);
  });
});
