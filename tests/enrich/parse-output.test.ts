import { describe, expect, it } from "vitest";
import { CONTEXT_MAX_CHARS, PROMPT_VERSIONS } from "@/lib/ai/prompts/enrich";
import { enrichCacheKey } from "@/lib/enrich/cache-key";
import { requestBody } from "@/lib/enrich/llm";
import { parseAtoms, parseContext, readOutput } from "@/lib/enrich/parse-output";
import { messagesFor } from "@/lib/enrich/plan";
import type { Chunk } from "@/lib/text/decision";

// Malformed model output for enrichment: what is usable is read, the rest is a failure with a reason
// (the chunk is retried), never an empty context or tag in an index.

const CONTEXT = "대법원 2030다1234 판결의 판결요지로, 회원권을 중도 해지한 회원의 이용료 반환 청구를 다룬다.";

describe("parseContext", () => {
  it("reads the context out of the usual wrappings", () => {
    for (const reply of [
      CONTEXT,
      `  ${CONTEXT}\n`,
      `\`\`\`\n${CONTEXT}\n\`\`\``,
      `맥락: ${CONTEXT}`,
      `"${CONTEXT}"`,
      JSON.stringify({ context: CONTEXT }),
    ]) {
      expect(parseContext(reply), reply).toEqual({ ok: true, output: { context: CONTEXT } });
    }
  });

  it("refuses an empty or too-short reply", () => {
    expect(parseContext("")).toMatchObject({ ok: false });
    expect(parseContext("```\n```")).toMatchObject({ ok: false });
    expect(parseContext("맥락: 없음")).toMatchObject({ ok: false, reason: expect.stringContaining("짧") });
  });

  it("cuts a rambling reply at a sentence end within the limit", () => {
    const long = `${"이 청크는 손해배상 책임의 범위를 다룬다. ".repeat(40)}끝`;
    const parsed = parseContext(long);
    expect(parsed.ok).toBe(true);
    const context = parsed.ok && "context" in parsed.output ? parsed.output.context : "";
    expect(context.length).toBeLessThanOrEqual(CONTEXT_MAX_CHARS);
    expect(context.endsWith("다.")).toBe(true);
  });
});

describe("parseAtoms", () => {
  const questions = [
    "회원권을 중도 해지한 회원도 이용료 반환을 청구할 수 있는가?",
    "선납 이용료의 법적 성질은 무엇인가?",
  ];

  it("reads a JSON array, a fenced one, one inside prose, and a numbered list", () => {
    for (const reply of [
      JSON.stringify(questions),
      `\`\`\`json\n${JSON.stringify(questions)}\n\`\`\``,
      `다음과 같습니다: ${JSON.stringify(questions)} 이상입니다.`,
      `1. ${questions[0]}\n2. ${questions[1]}`,
    ]) {
      expect(parseAtoms(reply), reply).toEqual({ ok: true, output: { questions } });
    }
  });

  it("refuses prose, an empty list and questions too short to be questions", () => {
    expect(parseAtoms("죄송합니다만 이 부분만으로는 질문을 만들 수 없습니다.")).toMatchObject({ ok: false });
    expect(parseAtoms("[]")).toMatchObject({ ok: false });
    expect(parseAtoms('["예?", "네"]')).toMatchObject({ ok: false, reason: "쓸 만한 질문이 없습니다" });
    expect(parseAtoms('{"error": "rate limited"}')).toMatchObject({ ok: false });
  });
});

describe("readOutput", () => {
  it("reads stored outputs back and treats damaged ones as missing (made again)", () => {
    expect(readOutput("context", JSON.stringify({ context: CONTEXT }))).toEqual({ context: CONTEXT });
    expect(readOutput("atoms", JSON.stringify({ questions: ["가?", 3, "나?"] }))).toEqual({
      questions: ["가?", "나?"],
    });
    expect(readOutput("context", "{not json")).toBeUndefined();
    expect(readOutput("atoms", JSON.stringify({ context: CONTEXT }))).toBeUndefined();
  });
});

const chunk = (n: number): Chunk => ({
  id: `c${n}`,
  corpusId: "k",
  caseNo: "2030다1234",
  caseName: "이용료반환",
  court: "대법원",
  courtLevel: "대법원",
  caseType: "가사",
  decisionDate: "2030-05-14",
  section: "판결요지",
  sectionOrder: n,
  text: `청크 ${n}의 본문입니다.`,
  contentHash: `h${n}`,
});

describe("prompts and cache keys", () => {
  const plan = {
    doc: {
      caseNo: "2030다1234",
      caseName: "이용료반환",
      court: "대법원",
      decisionDate: "2030-05-14",
      contentHash: "d1",
      chunkCount: 2,
    },
    chunks: [chunk(0), chunk(1)],
    keys: new Map(),
    pending: [],
    stale: [],
    text: "【판결요지】\n회원권을 중도 해지한 회원은 남은 이용료의 반환을 청구할 수 있다.",
  };

  it("sends the decision as a prefix identical for every chunk of it, the chunk last", () => {
    const a = requestBody("m", messagesFor("context", plan, chunk(0)));
    const b = requestBody("m", messagesFor("context", plan, chunk(1)));
    expect(a.messages[0]).toEqual(b.messages[0]);
    const prefix = messagesFor("context", plan, chunk(0)).prefix;
    expect(prefix).toContain(plan.text);
    expect(a.messages[1]?.content.startsWith(prefix)).toBe(true);
    expect(b.messages[1]?.content.startsWith(prefix)).toBe(true);
    expect(a.messages[1]?.content.endsWith("이 청크의 검색용 맥락(한두 문장):")).toBe(true);
    expect(a.messages[1]?.content).toContain(chunk(0).text);
  });

  it("keys a context by its decision too, atomic questions by the chunk alone, both by prompt version", () => {
    const key = (kind: "context" | "atoms", v: number, decisionHash: string) =>
      enrichCacheKey(kind, v, { chunkHash: "h0", decisionHash });
    expect(key("context", PROMPT_VERSIONS.context, "d1")).not.toBe(key("context", PROMPT_VERSIONS.context, "d2"));
    expect(key("atoms", PROMPT_VERSIONS.atoms, "d1")).toBe(key("atoms", PROMPT_VERSIONS.atoms, "d2"));
    expect(key("context", 1, "d1")).not.toBe(key("context", 2, "d1"));
    expect(key("context", 1, "d1")).not.toBe(key("atoms", 1, "d1"));
  });
});
