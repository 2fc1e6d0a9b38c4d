import uiCss from "./styles/ui.css?inline";

export { uiCss };

// One CSSStyleSheet per CSS text, shared by every shadow root on the page (constructable stylesheets are
// parsed once and adopted by reference).
const sheets = new Map<string, CSSStyleSheet>();

function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return "adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype;
}

/** Puts the given CSS inside a shadow root: adopted sheets where supported, else a <style> element. */
export function adoptStyles(root: ShadowRoot, cssTexts: string[]): void {
  if (supportsAdoptedSheets(root)) {
    const adopted = cssTexts.map((css) => {
      let sheet = sheets.get(css);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        sheets.set(css, sheet);
      }
      return sheet;
    });
    root.adoptedStyleSheets = [...adopted];
    return;
  }
  let style = root.querySelector<HTMLStyleElement>("style[data-agency-styles]");
  if (!style) {
    style = document.createElement("style");
    style.setAttribute("data-agency-styles", "");
    root.prepend(style);
  }
  style.textContent = cssTexts.join("\n");
}
