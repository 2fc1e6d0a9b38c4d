import type { AttributeMeta } from "./element-meta";

export type AttributeValue = string | number | boolean | undefined;

/** The property's value for an attribute's text (null: the attribute is absent), by the rules of its type. */
export function readAttribute(meta: AttributeMeta, text: string | null): AttributeValue {
  if (meta.type === "boolean") return text !== null;
  if (meta.type === "number") {
    const number = text === null || text.trim() === "" ? Number.NaN : Number(text);
    return Number.isFinite(number) ? number : (meta.default as number | undefined);
  }
  if (text === null || (meta.values && !meta.values.includes(text))) return meta.default as string | undefined;
  return text;
}

/** The attribute's text for a property value; null removes the attribute. */
export function writeAttribute(meta: AttributeMeta, value: unknown): string | null {
  if (meta.type === "boolean") return value ? "" : null;
  return value === null || value === undefined ? null : String(value);
}
