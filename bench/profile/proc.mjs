// What a benchmark reads of the local runtime's processes from /proc: which processes are workerd,
// the CPU they used and the reads and writes they asked the kernel for (Linux only).
import { readFileSync } from "node:fs";
import { processTree } from "../crash/crash.mjs";

const commOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
};

/** The workerd processes under `root`, leaving out those under any of `except`. */
export function workerdUnder(root, except = []) {
  const skip = new Set(except.flatMap((pid) => processTree(pid)));
  return processTree(root).filter((pid) => !skip.has(pid) && commOf(pid) === "workerd");
}

/** CPU milliseconds (user + system) used so far by `pids`. */
export function cpuMs(pids) {
  const hz = 100; // USER_HZ: Linux reports /proc/<pid>/stat times in hundredths of a second.
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / hz;
}

/**
 * The I/O `pids` asked for so far (/proc/<pid>/io): read and write system calls, the bytes those
 * wrote (`wchar`, files and sockets alike) and the bytes of file pages they dirtied
 * (`write_bytes`: whole pages, bound for the disk).
 */
export function ioOf(pids) {
  const io = { reads: 0, writes: 0, written: 0, dirtied: 0 };
  for (const pid of pids) {
    try {
      for (const line of readFileSync(`/proc/${pid}/io`, "utf8").split("\n")) {
        const [key, value] = line.split(": ");
        if (key === "syscr") io.reads += Number(value);
        else if (key === "syscw") io.writes += Number(value);
        else if (key === "wchar") io.written += Number(value);
        else if (key === "write_bytes") io.dirtied += Number(value);
      }
    } catch {
      // gone
    }
  }
  return io;
}
