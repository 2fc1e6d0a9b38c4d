/**
 * What went wrong with the form as a whole (usually the server's answer), announced as it appears. Give it an id
 * when fields name it in `describedBy`.
 */
export function FormAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="ag-form-alert" role="alert">
      {message}
    </p>
  );
}
