-- A passkey can confirm it is the owner where the password is otherwise asked before a way in is added: the account
-- asks for a challenge of its own ('confirm'), which only that account's passkeys can answer. Expand-only: the
-- previous release never writes the new purpose, and reads no challenge it did not write.
ALTER TABLE webauthn_challenges DROP CONSTRAINT IF EXISTS webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check CHECK (purpose IN ('register', 'authenticate', 'confirm'));
