/** A labelled loading indicator; the label is what a screen reader announces. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="ag-spinner" role="status" aria-live="polite">
      <span className="ag-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
