import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { Document, Packer, Paragraph } from "docx";
import { PDFDocument, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readBriefFile } from "@/lib/brief/read-file";
import { AppError, type ErrorCode } from "@/lib/errors";
import { deflateZeros, zip } from "../support/zip-writer";

/** Every file here is made by the test, in memory: no fixture is committed, nothing is written to disk. */

const CITATION = "대법원 1995. 2. 3. 선고 94다42778 판결";
const MB = 1_048_576;

async function expectCode(work: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function koreanPdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // Pretendard (the app's own font) has every Hangul syllable; the standard 14 fonts have none.
  const fontPath = resolve("node_modules/pretendard/dist/public/static/alternative/Pretendard-Regular.ttf");
  const font = await pdf.embedFont(readFileSync(fontPath), { subset: true });
  for (const line of pages) pdf.addPage([595, 842]).drawText(line, { x: 50, y: 780, size: 12, font });
  return pdf.save();
}

/**
 * A hand-built PDF whose trailer names a standard-security-handler (RC4, R2/V1) /Encrypt dictionary.
 * Its /U matches no password, the empty one included: opening it needs a password.
 */
function encryptedPdf(handler = "Standard"): Uint8Array {
  const hex32 = "3a".repeat(32);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
    "<< /Length 44 >>\nstream\nBT /F1 12 Tf 50 780 Td (garbled text) Tj ET\nendstream",
    `<< /Filter /${handler} /V 1 /R 2 /Length 40 /P -44 /O <${hex32}> /U <${hex32}> >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${"ab".repeat(16)}> <${"ab".repeat(16)}>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function section(paragraphs: string[]): Uint8Array {
  const body = paragraphs.join("");
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><hs:sec xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph">${body}</hs:sec>`,
  );
}

const para = (inner: string) => `<hp:p id="0"><hp:run charPrIDRef="0">${inner}</hp:run></hp:p>`;
const text = (value: string) => `<hp:t>${value}</hp:t>`;

describe("readBriefFile: .docx", () => {
  it("reads a Word draft written by the docx package, Korean citation intact", async () => {
    const document = new Document({
      sections: [{ children: [new Paragraph("원고의 주장은 이유 없다."), new Paragraph(`${CITATION} 참조.`)] }],
    });
    const bytes = await Packer.toBuffer(document);
    const result = await readBriefFile("준비서면.DOCX", bytes);
    expect(result.kind).toBe("docx");
    expect(result.text).toContain(`${CITATION} 참조.`);
    expect(result.text).toContain("원고의 주장은 이유 없다.");
  });

  it("refuses a zip without word/document.xml", async () => {
    const bytes = zip([{ name: "hello.txt", data: Buffer.from("hi") }]);
    await expectCode(readBriefFile("x.docx", bytes), "brief:bad_file");
  });

  it("refuses a zip bomb from its directory, quickly, without inflating it", async () => {
    // 200 MB of zeros deflate to about 200 KB; deflated by streaming, never held inflated.
    const payload = await deflateZeros(200 * MB);
    const bytes = zip([
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "word/document.xml", packed: payload },
    ]);
    expect(bytes.byteLength).toBeLessThan(MB);
    const started = performance.now();
    await expectCode(readBriefFile("bomb.docx", bytes), "brief:bad_file");
    expect(performance.now() - started).toBeLessThan(1000);
  }, 20_000);

  it("refuses an entry that inflates past the size it declares", async () => {
    const bytes = zip([{ name: "word/document.xml", data: Buffer.alloc(2 * MB, 0x20), declaredSize: 1000 }]);
    await expectCode(readBriefFile("lying.docx", bytes), "brief:bad_file");
  });

  it("names an OLE file under .docx (an old .doc or a password-protected .docx)", async () => {
    const bytes = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    await expectCode(readBriefFile("x.docx", bytes), "brief:bad_file");
  });
});

describe("readBriefFile: .pdf", () => {
  it("reads a PDF's text layer, Korean included, one blank line between pages", async () => {
    // As a Buffer, the way an upload arrives (pdf.js itself accepts only a plain Uint8Array).
    const bytes = Buffer.from(await koreanPdf([`${CITATION} 참조.`, "둘째 쪽 2009다228"]));
    const result = await readBriefFile("brief.pdf", bytes);
    expect(result).toMatchObject({ kind: "pdf", pages: 2 });
    expect(result.text).toContain(CITATION);
    expect(result.text).toMatch(/참조\.\n\n둘째 쪽 2009다228/);
    // pdf.js got a copy: the caller's bytes are neither detached nor changed.
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("refuses a scan (a page with a drawing and no text) as having no text layer", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([595, 842]).drawRectangle({ x: 50, y: 50, width: 400, height: 600, color: rgb(0.5, 0.5, 0.5) });
    await expectCode(readBriefFile("scan.pdf", await pdf.save()), "brief:no_text_layer");
  });

  it("refuses a password-protected PDF", async () => {
    const error = await expectCode(readBriefFile("locked.pdf", encryptedPdf()), "brief:encrypted_pdf");
    expect((error.cause as Error).name).toBe("PasswordException");
  });

  it("names encryption pdf.js cannot handle from the trailer's /Encrypt entry", async () => {
    const error = await expectCode(readBriefFile("locked.pdf", encryptedPdf("VendorSecurity")), "brief:encrypted_pdf");
    expect((error.cause as Error).name).not.toBe("PasswordException"); // pdf.js: "unknown encryption method"
  });

  it("refuses more than 300 pages", async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 301; i++) pdf.addPage([100, 100]);
    await expectCode(readBriefFile("long.pdf", await pdf.save()), "brief:too_many_pages");
  });

  it("refuses a zip named .pdf", async () => {
    const bytes = zip([{ name: "a.txt", data: Buffer.from("%PDF-1.4 not really") }]);
    await expectCode(readBriefFile("x.pdf", bytes), "brief:bad_file");
  });
});

describe("readBriefFile: .hwpx", () => {
  it("reads the sections in the spine's order, one paragraph a line, tables and entities included", async () => {
    const manifest = `<?xml version="1.0" encoding="UTF-8"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/"><opf:manifest><opf:item id="header" href="Contents/header.xml" media-type="application/xml"/><opf:item id="section0" href="Contents/section0.xml" media-type="application/xml"/><opf:item id="section1" href="Contents/section1.xml" media-type="application/xml"/></opf:manifest><opf:spine><opf:itemref idref="header" linear="yes"/><opf:itemref idref="section1" linear="yes"/><opf:itemref idref="section0" linear="yes"/></opf:spine></opf:package>`;
    const cell = para(text("표 안의 글"));
    const bytes = zip([
      { name: "mimetype", data: Buffer.from("application/hwp+zip"), method: 0 },
      { name: "Contents/content.hpf", data: Buffer.from(manifest) },
      { name: "Contents/header.xml", data: Buffer.from("<hh:head/>") },
      { name: "Contents/section0.xml", data: section([para(text("둘째 구역"))]) },
      {
        name: "Contents/section1.xml",
        data: section([
          para(`${text("첫째 ")}${text("문단: ")}${text(CITATION)}`),
          para(text("갑 &amp; 을<hp:tab/>병 &#xAC00;&#44033; &amp;#1;")),
          para(`<hp:tbl><hp:tr><hp:tc><hp:subList>${cell}</hp:subList></hp:tc></hp:tr></hp:tbl>`),
          para(text("1995")),
        ]),
      },
    ]);
    const result = await readBriefFile("서면.hwpx", bytes);
    expect(result.kind).toBe("hwpx");
    expect(result.text.split("\n").filter(Boolean)).toEqual([
      `첫째 문단: ${CITATION}`,
      "갑 & 을\t병 가각 &#1;",
      "표 안의 글",
      "1995",
      "둘째 구역",
    ]);
  });

  it("reads sections by number without a manifest (section2 before section10)", async () => {
    const bytes = zip([
      { name: "Contents/section10.xml", data: section([para(text("열"))]) },
      { name: "Contents/section2.xml", data: section([para(text("둘"))]) },
    ]);
    expect((await readBriefFile("x.hwpx", bytes)).text).toBe("둘\n열");
  });

  it("stops inflating a section that grows past its declared size", async () => {
    const bytes = zip([{ name: "Contents/section0.xml", data: Buffer.alloc(2 * MB, 0x20), declaredSize: 1000 }]);
    await expectCode(readBriefFile("x.hwpx", bytes), "brief:bad_file");
  });

  it("refuses a DOCTYPE (entity expansion) and a zip with no sections", async () => {
    const laughs = Buffer.from('<!DOCTYPE x [<!ENTITY a "aaaa">]><hs:sec><hp:p><hp:t>&a;</hp:t></hp:p></hs:sec>');
    await expectCode(readBriefFile("x.hwpx", zip([{ name: "Contents/section0.xml", data: laughs }])), "brief:bad_file");
    await expectCode(readBriefFile("x.hwpx", zip([{ name: "a.xml", data: Buffer.from("<a/>") }])), "brief:bad_file");
  });
});

describe("readBriefFile: .txt", () => {
  it("reads UTF-8, BOM stripped, line endings normalised", async () => {
    const bytes = Buffer.from(`\uFEFF${CITATION}\r\n둘째 줄\r셋째 줄`, "utf8");
    expect(await readBriefFile("a.txt", bytes)).toEqual({ kind: "txt", text: `${CITATION}\n둘째 줄\n셋째 줄` });
  });

  it("reads CP949, syllables outside EUC-KR included", async () => {
    // "판례 똠" in CP949: 똠 (8C 63) is one of the syllables KS X 1001 lacks.
    const bytes = Uint8Array.from([0xc6, 0xc7, 0xb7, 0xca, 0x20, 0x8c, 0x63]);
    expect((await readBriefFile("a.txt", bytes)).text).toBe("판례 똠");
  });

  it("refuses a draft over the character limit rather than cutting it", async () => {
    await expectCode(readBriefFile("a.txt", Buffer.from("가".repeat(300_001))), "brief:too_long");
  });

  it("refuses an empty or blank file, and binary content under .txt", async () => {
    await expectCode(readBriefFile("a.txt", new Uint8Array()), "brief:empty");
    await expectCode(readBriefFile("a.txt", Buffer.from(" \r\n\t\n")), "brief:empty");
    await expectCode(readBriefFile("a.txt", Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])), "brief:bad_file");
  });
});

describe("readBriefFile: types and sizes", () => {
  it("refuses a file over 20 MB before reading it", async () => {
    await expectCode(readBriefFile("big.pdf", new Uint8Array(21 * MB)), "brief:too_large");
  });

  it("refuses HWP 5.0 with its own code, and unknown types", async () => {
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expectCode(readBriefFile("서면.hwp", ole), "brief:hwp_unsupported");
    await expectCode(readBriefFile("setup.exe", Buffer.from([0x4d, 0x5a, 0x90, 0x00])), "brief:unsupported_type");
    await expectCode(readBriefFile("no-extension", Buffer.from("text")), "brief:unsupported_type");
  });
});
