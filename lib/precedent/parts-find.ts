import { readFileSync } from "node:fs";
import { pageAt } from "./pages";

/**
 * Where a passage is in a decision stored in parts, found in the part files' UTF-8 bytes: no part
 * is decoded except the first (to place `from`) and the one with the match (to count characters).
 * A cited passage of a decision cut without a map of its passages (decision-parts.ts) is searched
 * for this way once; decoding and searching 60 MB of parts as text took ~1.6 s, the bytes take a
 * fraction of that. UTF-8 is self-synchronising, so a match of the needle's bytes starts on a
 * character; a passage across two parts is found by carrying the previous part's last bytes.
 */
export function findInPartFiles(
  fileOf: (part: number) => string,
  starts: number[],
  total: number,
  needle: string,
  from: number,
  to: number,
): number {
  const pattern = Buffer.from(needle, "utf8");
  if (pattern.length === 0 || from + needle.length > to) return -1;
  let tail: Buffer = Buffer.alloc(0);
  let tailAt = 0;
  const first = pageAt(starts, from);
  for (let part = first; part <= starts.length; part++) {
    const partFrom = starts[part - 1] ?? 0;
    if (partFrom >= to) break;
    const bytes = readFileSync(fileOf(part));
    const hay = tail.length > 0 ? Buffer.concat([tail, bytes]) : bytes;
    const hayAt = tail.length > 0 ? tailAt : partFrom;
    let pos = part === first ? Buffer.byteLength(bytes.toString("utf8").slice(0, from - partFrom)) : 0;
    for (;;) {
      pos = hay.indexOf(pattern, pos);
      if (pos < 0) break;
      const at = hayAt + hay.toString("utf8", 0, pos).length;
      if (at + needle.length > to) return -1; // later matches end further right still
      if (at >= from) return at;
      pos += 1;
    }
    let cut = Math.max(0, bytes.length - (pattern.length - 1));
    while (cut < bytes.length && ((bytes[cut] as number) & 0xc0) === 0x80) cut++;
    tail = bytes.subarray(cut);
    tailAt = (starts[part] ?? total) - tail.toString("utf8").length;
  }
  return -1;
}
