import { fromBuffer } from "yauzl";

/** One file of a zip (a .docx is one) as text. */
export function readZipEntry(zip: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error("not a zip"));
      file.on("entry", (entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("unreadable entry"));
          const parts: Buffer[] = [];
          stream.on("data", (c: Buffer) => parts.push(c));
          stream.on("end", () => {
            file.close();
            resolve(Buffer.concat(parts).toString("utf8"));
          });
          stream.on("error", reject);
        });
      });
      file.on("end", () => reject(new Error(`${name} not in the zip`)));
      file.on("error", reject);
      file.readEntry();
    });
  });
}

/** The text of a .docx, one line per paragraph (runs of a paragraph joined as Word shows them). */
export async function docxText(docx: Buffer): Promise<string> {
  const xml = await readZipEntry(docx, "word/document.xml");
  return xml
    .replace(/<w:p[ >][\s\S]*?<\/w:p>/g, (p) => `${p.replace(/<w:br\/>/g, "\n").replace(/<[^>]+>/g, "")}\n`)
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
