-- A session remembers which known browser started it: the SHA-256 of the browser's device id (the device cookie's, or
-- the one an element on another origin keeps and sends), the same hash known_devices holds. Signing a device out from
-- the list of signed-in devices then forgets that browser too, so its next sign-in alerts the owner again. Sessions
-- made before have none. Expand-only: a nullable column the previous release does not write.
ALTER TABLE sessions ADD COLUMN device_hash text;
