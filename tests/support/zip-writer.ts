import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

/**
 * A minimal zip writer for tests (yauzl only reads). It writes exactly what a test asks for, lies
 * included: raw name bytes with or without the UTF-8 flag, a declared size that is not the real one,
 * extra fields, the encryption bit. No zip64, no data descriptors.
 */
export interface ZipEntryInput {
  /** A string is written as UTF-8; bytes are written as they are (e.g. CP949). */
  name: string | Uint8Array;
  data?: Uint8Array;
  /** Already deflated data (see deflateZeros); `data` is ignored. */
  packed?: { compressed: Uint8Array; crc: number; size: number };
  /** 8 = deflate (default), 0 = stored; any other method is written with the data as is. */
  method?: number;
  /** General purpose bit 11; by default set for string names that are not ASCII. */
  utf8Flag?: boolean;
  /** Claimed uncompressed size, when it should differ from the real one. */
  declaredSize?: number;
  encrypted?: boolean;
  extra?: Uint8Array;
}

export function zip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === "string" ? Buffer.from(entry.name, "utf8") : Buffer.from(entry.name);
    const extra = Buffer.from(entry.extra ?? new Uint8Array());
    const method = entry.packed ? 8 : (entry.method ?? 8);
    const raw = entry.data ?? new Uint8Array();
    const body = entry.packed
      ? Buffer.from(entry.packed.compressed)
      : method === 8
        ? deflateRawSync(raw)
        : Buffer.from(raw);
    const crc = entry.packed ? entry.packed.crc : crc32(raw);
    const size = entry.declaredSize ?? (entry.packed ? entry.packed.size : raw.byteLength);
    const nonAscii = typeof entry.name === "string" && [...entry.name].some((c) => c.charCodeAt(0) > 0x7f);
    const flags = ((entry.utf8Flag ?? nonAscii) ? 0x800 : 0) | (entry.encrypted ? 1 : 0);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(extra.byteLength, 28);
    locals.push(local, name, extra, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt16LE(extra.byteLength, 30);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name, extra);
    offset += 30 + name.byteLength + extra.byteLength + body.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `size` zero bytes deflated by streaming 1 MiB at a time (never held whole): the bomb's payload. */
export async function deflateZeros(size: number): Promise<{ compressed: Uint8Array; crc: number; size: number }> {
  const chunk = Buffer.alloc(1_048_576);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(out), crc, size };
}

/** The Info-ZIP Unicode Path Extra Field (0x7075) for a raw legacy name. */
export function unicodePathExtra(rawName: Uint8Array, utf8Name: string): Uint8Array {
  const name = Buffer.from(utf8Name, "utf8");
  const field = Buffer.alloc(4 + 5 + name.byteLength);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + name.byteLength, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc32(rawName), 5);
  name.copy(field, 9);
  return field;
}

/** A multipart/form-data request whose body is a stream (no Content-Length, like a chunked upload). */
export async function multipartRequest(
  fields: [string, string | { name: string; data: Uint8Array }][],
): Promise<Request> {
  const form = new FormData();
  for (const [key, value] of fields) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.data)]), value.name);
  }
  const encoded = new Response(form);
  return new Request("http://localhost/upload", {
    method: "POST",
    body: encoded.body,
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
    duplex: "half",
  } as RequestInit);
}
