/**
 * CP949 (Microsoft's "Unified Hangul Code"), the encoding Korean Windows saves as "ANSI". It is
 * EUC-KR plus 8,822 Hangul syllables missing from KS X 1001 (똠, 쀍, 햏 …) at extra byte positions.
 * Node's ICU "euc-kr" decoder rejects those, so they are decoded here. The extension's layout is
 * fixed by construction: every syllable U+AC00–U+D7A3 that KS X 1001 lacks, in code-point order,
 * over lead bytes 0x81–0xC6 and trail bytes 0x41–0x5A, 0x61–0x7A, 0x81–0xFE (0x81–0xA0 only for
 * leads from 0xA1, where 0xA1–0xFE trails are EUC-KR's own). So the table is computed, not stored.
 */

let extension: Map<number, string> | undefined;

function trailsFor(lead: number): number[] {
  const out: number[] = [];
  for (let t = 0x41; t <= 0x5a; t++) out.push(t);
  for (let t = 0x61; t <= 0x7a; t++) out.push(t);
  for (let t = 0x81; t <= (lead < 0xa1 ? 0xfe : 0xa0); t++) out.push(t);
  return out;
}

function extensionTable(): Map<number, string> {
  if (extension) return extension;
  // The 2,350 syllables KS X 1001 has: rows 0xB0–0xC8, columns 0xA1–0xFE.
  const bytes: number[] = [];
  for (let lead = 0xb0; lead <= 0xc8; lead++) for (let t = 0xa1; t <= 0xfe; t++) bytes.push(lead, t);
  const inKsx = new Set(new TextDecoder("euc-kr").decode(new Uint8Array(bytes)));
  const missing: string[] = [];
  for (let cp = 0xac00; cp <= 0xd7a3; cp++) {
    const ch = String.fromCharCode(cp);
    if (!inKsx.has(ch)) missing.push(ch);
  }
  const table = new Map<number, string>();
  let i = 0;
  for (let lead = 0x81; lead <= 0xc6 && i < missing.length; lead++) {
    for (const t of trailsFor(lead)) {
      const ch = missing[i++];
      if (!ch) break;
      table.set((lead << 8) | t, ch);
    }
  }
  extension = table;
  return table;
}

/** Decodes CP949 bytes; throws a TypeError (like a fatal TextDecoder) on an invalid sequence. */
export function decodeCp949(bytes: Uint8Array): string {
  const euckr = new TextDecoder("euc-kr", { fatal: true });
  const parts: string[] = [];
  let start = 0; // start of the current run of plain EUC-KR bytes
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const trail = bytes[i + 1] ?? 0;
    const isExtension = lead < 0xa1 || (lead <= 0xc6 && trail < 0xa1);
    const ext = isExtension ? extensionTable().get((lead << 8) | trail) : undefined;
    if (ext) {
      parts.push(euckr.decode(bytes.subarray(start, i)), ext);
      start = i + 2;
    }
    i += 2;
  }
  parts.push(euckr.decode(bytes.subarray(start)));
  return parts.join("");
}
