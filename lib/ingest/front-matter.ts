/**
 * The YAML front matter of a precedent-kr Markdown file, read strictly. The format writes flat
 * `key: value` lines (a value plain, quoted, or a flow list such as `첨부파일: []`), so a small
 * reader of that subset beats a YAML dependency — but it must refuse what YAML would refuse, or
 * what it cannot read faithfully: reading `사건번호: [2021다7` as the text "[2021다7" indexed a
 * decision under a number nobody can search for. Each refusal names the file's line and the reason.
 *
 * Accepted: blank and `#` comment lines; `key: value` at the line start; a value that is empty,
 * plain (a ` #` comment after it is dropped, as in YAML), '…' (with '' for a quote), "…" (with
 * backslash escapes), or a one-line list `[a, 'b']`; a list's items as `- item` lines under a key
 * with no value. Refused: a line with no `key:`, an indented line (nested keys, a value continued
 * on the next line: the format never wraps), unclosed quotes and brackets, text after a closing
 * quote, nested lists and `{…}` maps, block scalars (`|`, `>`), anchors, aliases and tags, a plain
 * value holding `: ` (YAML reads that as a nested key), a key given twice.
 */

export type FrontMatterValue = string | string[];

export class FrontMatterError extends Error {
  constructor(
    /** 1-based, counted in the whole file (the opening `---` is line 1). */
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = "FrontMatterError";
  }
}

/**
 * `block` is the text between the `---` lines; `firstLine` is the file line it starts on. A key in
 * `stringKeys` must hold one text, never a list.
 */
export function parseFrontMatter(
  block: string,
  options: { firstLine?: number; stringKeys?: readonly string[] } = {},
): Record<string, FrontMatterValue> {
  const firstLine = options.firstLine ?? 2;
  const stringKeys = new Set(options.stringKeys ?? []);
  const notAList = (key: string) => `'${key}' 값은 목록이 아니라 하나의 글이어야 합니다.`;
  const out: Record<string, FrontMatterValue> = {};
  // The key whose value was left empty: `- item` lines below it make it a list.
  let listKey: string | null = null;
  block.split("\n").forEach((raw, index) => {
    const line = firstLine + index;
    const fail = (reason: string): never => {
      throw new FrontMatterError(line, reason);
    };
    const text = raw.replace(/\s+$/, "");
    if (!text.trim() || text.trimStart().startsWith("#")) return;
    if (/^\s*-(\s|$)/.test(text)) {
      if (listKey === null) fail("목록 항목(-)이 어느 항목에 속하는지 알 수 없습니다.");
      const key = listKey as string;
      if (stringKeys.has(key)) fail(notAList(key));
      const item = readValue(text.replace(/^\s*-\s*/, ""), fail);
      if (Array.isArray(item)) fail("목록 안에 목록이 있습니다.");
      const current = out[key];
      out[key] = [...(Array.isArray(current) ? current : []), item as string];
      return;
    }
    listKey = null;
    if (/^\s/.test(text))
      fail("들여쓰기가 맞지 않습니다. 머리말의 각 항목은 줄 맨 앞에서 `이름: 값`으로 시작해야 합니다.");
    const colon = text.search(/:(\s|$)/);
    if (colon <= 0) fail("`이름: 값` 형식이 아닙니다 (콜론 뒤에 빈칸이 필요합니다).");
    const key = text.slice(0, colon).trim();
    if (/^["'[{&*!|>@`%-]/.test(key)) fail(`항목 이름 '${key}'을(를) 읽을 수 없습니다.`);
    if (Object.hasOwn(out, key)) fail(`'${key}' 항목이 두 번 있습니다.`);
    const value = readValue(text.slice(colon + 1).trim(), fail);
    if (Array.isArray(value) && stringKeys.has(key)) fail(notAList(key));
    out[key] = value;
    if (value === "") listKey = key;
  });
  return out;
}

/** One value on one line: empty, quoted, a flow list, or plain. */
function readValue(value: string, fail: (reason: string) => never): FrontMatterValue {
  if (value === "" || value.startsWith("#")) return "";
  const first = value[0] as string;
  if (first === "'" || first === '"') {
    const { text, end } = readQuoted(value, fail);
    const rest = value.slice(end).trim();
    if (rest && !rest.startsWith("#")) fail(`따옴표로 닫힌 값 뒤에 글자가 더 있습니다: ${rest.slice(0, 40)}`);
    return text;
  }
  if (first === "[") return readFlowList(value, fail);
  if (first === "{") {
    return fail(
      value.includes("}") ? "값이 `{…}` 묶음입니다. 하나의 글이어야 합니다." : "중괄호({)가 닫히지 않았습니다.",
    );
  }
  if (first === "|" || first === ">") fail("여러 줄 값(| 또는 >)은 쓸 수 없습니다. 값을 한 줄로 적어 주세요.");
  if (first === "&" || first === "*" || first === "!") fail("YAML의 앵커·별칭·태그(&, *, !)는 쓸 수 없습니다.");
  if (first === "@" || first === "`")
    fail(`값이 YAML에서 쓸 수 없는 글자(${first})로 시작합니다. 따옴표로 감싸 주세요.`);
  if (first === "-" && /^-(\s|$)/.test(value)) fail("값 자리에 목록 항목(-)이 있습니다.");
  const plain = value.replace(/\s+#.*$/, "");
  if (/:(\s|$)/.test(plain)) fail("값 안에 `: `가 있어 YAML로 읽을 수 없습니다. 값을 따옴표로 감싸 주세요.");
  if (first === "]" || first === "}") fail(`값이 닫는 괄호(${first})로 시작합니다.`);
  return plain;
}

/** A quoted value at the start of `value`: its text and the index just past the closing quote. */
function readQuoted(value: string, fail: (reason: string) => never): { text: string; end: number } {
  const quote = value[0] as string;
  let text = "";
  for (let i = 1; i < value.length; i++) {
    const c = value[i] as string;
    if (quote === "'" && c === "'") {
      if (value[i + 1] !== "'") return { text, end: i + 1 };
      text += "'";
      i++;
    } else if (quote === '"' && c === '"') {
      return { text, end: i + 1 };
    } else if (quote === '"' && c === "\\" && i + 1 < value.length) {
      const next = value[i + 1] as string;
      text += ESCAPES[next] ?? next;
      i++;
    } else {
      text += c;
    }
  }
  return fail(quote === "'" ? "작은따옴표(')가 닫히지 않았습니다." : '큰따옴표(")가 닫히지 않았습니다.');
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", '"': '"', "\\": "\\", "/": "/" };

/** `[a, 'b, c', "d"]` → its items; nothing may follow the closing bracket but a comment. */
function readFlowList(value: string, fail: (reason: string) => never): string[] {
  const items: string[] = [];
  let item = "";
  let quoted = false;
  const take = (closing: boolean) => {
    if (quoted) items.push(item);
    else if (item.trim()) items.push(item.trim());
    else if (!closing) fail("목록에 빈 항목이 있습니다.");
    item = "";
    quoted = false;
  };
  let i = 1;
  while (i < value.length) {
    const c = value[i] as string;
    if (c === ",") {
      take(false);
    } else if (c === "]") {
      take(true);
      const rest = value.slice(i + 1).trim();
      if (rest && !rest.startsWith("#")) fail(`목록을 닫는 ] 뒤에 글자가 더 있습니다: ${rest.slice(0, 40)}`);
      return items;
    } else if (quoted) {
      if (c.trim()) fail("따옴표로 닫힌 목록 항목 뒤에 글자가 더 있습니다.");
    } else if ((c === "'" || c === '"') && !item.trim()) {
      const { text, end } = readQuoted(value.slice(i), fail);
      item = text;
      quoted = true;
      i += end;
      continue;
    } else if (c === "[" || c === "{" || c === "}") {
      fail("목록 안에 목록이나 묶음이 있습니다.");
    } else {
      item += c;
    }
    i++;
  }
  return fail("대괄호([)가 닫히지 않았습니다.");
}
