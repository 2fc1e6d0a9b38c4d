import { useState } from "react";
import { ChangePassword } from "./change-password";
import { withPanelTexts } from "./panel-i18n";
import { Passkeys } from "./passkeys";
import { Sessions } from "./sessions";
import Team from "./team";
import { TwoFactor } from "./two-factor";
import { YourData } from "./your-data";

/**
 * The cards below the first screen, loaded after it: the company's team, the password, the passkeys, two-step verification, the signed-in
 * devices and the visitor's data. A password change signs the other devices out, so the list loads anew after one.
 */
function AccountPanels() {
  const [version, setVersion] = useState(0);
  return (
    <>
      <Team />
      <ChangePassword onChanged={() => setVersion((v) => v + 1)} />
      <Passkeys />
      <TwoFactor />
      <Sessions key={version} />
      <YourData />
    </>
  );
}

export default withPanelTexts(AccountPanels);
