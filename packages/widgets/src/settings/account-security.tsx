import { useState } from "react";
import { ChangePassword } from "./change-password";
import { Sessions } from "./sessions";

/**
 * The password and the signed-in devices, below the first screen and loaded after it. A password change signs
 * the other devices out, so the list reloads after one.
 */
export default function AccountSecurity() {
  const [version, setVersion] = useState(0);
  return (
    <>
      <ChangePassword onChanged={() => setVersion((v) => v + 1)} />
      <Sessions version={version} />
    </>
  );
}
