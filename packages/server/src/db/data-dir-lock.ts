import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";
import { hostname } from "node:os";

/**
 * The embedded database (PGlite) is PostgreSQL compiled to run inside one process. Two processes opening one data
 * directory both start, and then overwrite each other's files. A lock file beside the data directory stops the
 * second one with a message that says what to do instead.
 *
 * The file names its holder (pid and host name). The holder refreshes the file's modification time every
 * HEARTBEAT_MS, so a lock left behind by a process that died (kill -9, power loss) is recognised as stale: on the
 * same host when that pid no longer runs, and from another host (two containers sharing a volume see different
 * host names and pids) when the file has not been refreshed for OTHER_HOST_STALE_MS.
 */
const HEARTBEAT_MS = 15_000;
const OTHER_HOST_STALE_MS = 60_000;
/** Same host, pid alive, but no heartbeat for this long: the pid was reused by an unrelated process (reboot). */
const SAME_HOST_STALE_MS = 10 * 60_000;

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(readonly lockFile: string, holder: Holder | null) {
    const who = holder ? `process ${holder.pid} on host ${holder.host}, since ${holder.since}` : "another process";
    super(
      `The embedded database is already in use by ${who} (lock file ${lockFile}). ` +
        "Only one process can use a DATA_DIR at a time: stop the other process first, or set DATABASE_URL to a " +
        "PostgreSQL database to run several instances. If no such process is running, delete the lock file.",
    );
    this.name = "DataDirInUseError";
  }
}

/** Lock files this process holds, so opening the same directory twice in one process is refused as well. */
const held = new Set<string>();

function readHolder(file: string): Holder | null {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<Holder>;
    return typeof value.pid === "number" && typeof value.host === "string" ? { pid: value.pid, host: value.host, since: String(value.since) } : null;
  } catch {
    return null;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isHeld(file: string, holder: Holder | null): boolean {
  let age: number;
  try {
    age = Date.now() - statSync(file).mtimeMs;
  } catch {
    return false; // gone in the meantime
  }
  // Unreadable: another process may be writing it right now; trust the heartbeat only.
  if (!holder) return age < OTHER_HOST_STALE_MS;
  if (holder.host !== hostname()) return age < OTHER_HOST_STALE_MS;
  // Same pid: a container restarted with the same pid, unless this very process holds it.
  if (holder.pid === process.pid) return held.has(file);
  return pidRuns(holder.pid) && age < SAME_HOST_STALE_MS;
}

/**
 * Takes the lock `file` for this process, or throws DataDirInUseError when a live process holds it.
 * @returns release: stops the heartbeat and removes the file (only if it is still ours)
 */
export function lockDataDir(file: string): () => void {
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(file);
    if (attempt >= 2 || isHeld(file, holder)) throw new DataDirInUseError(file, holder);
    rmSync(file, { force: true }); // stale: its holder is gone
  }
  held.add(file);

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // The file was removed by hand; nothing to refresh.
    }
  }, HEARTBEAT_MS).unref();

  const release = () => {
    clearInterval(heartbeat);
    process.removeListener("exit", release);
    if (!held.delete(file)) return;
    const holder = readHolder(file);
    if (holder && holder.pid === me.pid && holder.host === me.host && holder.since === me.since) rmSync(file, { force: true });
  };
  // A process that exits without closing the database (an uncaught error) leaves no lock behind.
  process.on("exit", release);
  return release;
}
