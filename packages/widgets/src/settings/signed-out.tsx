import { Trans } from "@lingui/react/macro";
import { ElementLink } from "../element/element-context";

/** What the element shows a visitor who is not signed in, in either view. */
export function SignedOut() {
  return (
    <section className="settings settings--reserved" part="root">
      <p className="settings__signed-out">
        <Trans>
          You are not logged in.{" "}
          <ElementLink to="/login" className="ag-link">
            Log in
          </ElementLink>{" "}
          to see your account.
        </Trans>
      </p>
    </section>
  );
}
