import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateChat } from "@/lib/ai/chat";
import type { ChatConfig } from "@/lib/ai/config";
import { splitCitations } from "@/lib/rag/citations";
import { checkSupport } from "@/lib/rag/support/check";
import { citedSentences } from "@/lib/rag/support/claims";
import { lexicalEvidence, lexicalVerdict } from "@/lib/rag/support/lexical";
import { findQuote, parseVerification } from "@/lib/rag/support/verify-llm";
import type { Chunk, ScoredChunk } from "@/lib/text/decision";
import { FAST_RETRY } from "../ai/support";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";

// Passages written for these tests in the style of decisions (not copied from any).
function chunk(id: string, caseNo: string, section: Chunk["section"], text: string, corpusId = "c1"): Chunk {
  return {
    id,
    corpusId,
    caseNo,
    caseName: "손해배상",
    court: "대법원",
    courtLevel: "대법원",
    caseType: "민사",
    decisionDate: "2099-01-15",
    section,
    sectionOrder: 0,
    text,
    contentHash: id,
  };
}

const DRONE =
  "드론을 이용한 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있다. " +
  "피해자에게도 과실이 있는 때에는 법원은 손해배상의 책임 및 그 금액을 정함에 이를 참작하여야 한다.";
// A holding written for these tests (a gym membership ended early), outside the dev benchmark.
const FEES =
  "계속적 이용계약의 회원은 계약 기간 중에도 언제든지 계약을 해지할 수 있다. " +
  "그러나 해지에 관하여 책임이 있는 회원은 사업자가 이미 제공한 용역의 대가와 상당한 위약금을 공제한 나머지 이용료만 돌려받을 수 있다.";
const JOINED = "사실혼 관계를 정당한 이유 없이 파기한 당사자는 상대방에게 그로 인한 정신적 손해를 배상할 책임이 있다.";

const context: ScoredChunk[] = [
  chunk("d1", "2098다1001", "판결요지", DRONE),
  chunk("g1", "2030다1234", "판결요지", FEES),
  chunk("j1", "94므826, 833", "판결요지", JOINED),
].map((c, i) => ({ chunk: c, score: 1 - i / 10 }));

const parts = (answer: string) => splitCitations(answer, context);

describe("the answer's cited sentences", () => {
  it("cuts the answer into sentences with their citations, a date or a joined number inside one", () => {
    const answer =
      "사실혼을 부당하게 파기한 사람은 정신적 손해를 배상해야 합니다(대법원 1994. 11. 25. 선고 94므826, 833 판결). " +
      "회원은 남은 이용료의 반환을 청구할 수 있습니다(대법원 2030다1234). 그 밖의 사정은 사실관계에 따라 다릅니다.";
    const sentences = citedSentences(parts(answer));
    expect(sentences).toHaveLength(2);
    expect(sentences[0]?.text).toBe(
      "사실혼을 부당하게 파기한 사람은 정신적 손해를 배상해야 합니다(대법원 1994. 11. 25. 선고 94므826, 833 판결).",
    );
    // Both numbers of the joined citation are checked (the second is no longer passed over).
    expect(sentences[0]?.citations.map((c) => [c.caseNo, c.valid])).toEqual([
      ["94므826", true],
      ["94므833", true],
    ]);
    // The claim is the sentence without the citation: no number, date or ruling word left.
    expect(sentences[0]?.claim).toBe("사실혼을 부당하게 파기한 사람은 정신적 손해를 배상해야 합니다.");
    expect(sentences[1]?.citations.map((c) => c.caseNo)).toEqual(["2030다1234"]);
    expect(sentences[1]?.claim).toBe("회원은 남은 이용료의 반환을 청구할 수 있습니다.");
  });

  it("gives a citation standing alone after the full stop the sentence before it", () => {
    const answer =
      "해지에 책임이 있는 회원은 위약금을 공제한 나머지 이용료만 돌려받을 수 있습니다.\n(대법원 2030다1234)";
    const [only] = citedSentences(parts(answer));
    expect(only?.claim).toContain("나머지 이용료만 돌려받을 수 있습니다");
    expect(only?.citations.map((c) => c.caseNo)).toEqual(["2030다1234"]);
  });

  it("groups two citations of one sentence and keeps a flagged number", () => {
    const answer = "드론 배송 사업자는 떨어진 물건의 손해를 배상합니다(대법원 2098다1001, 대법원 2000다99999).";
    const [only] = citedSentences(parts(answer));
    expect(only?.citations.map((c) => [c.caseNo, c.valid])).toEqual([
      ["2098다1001", true],
      ["2000다99999", false],
    ]);
  });
});

describe("lexical support of hand-written pairs", () => {
  const supported: [string, string][] = [
    ["드론 배송 사업자는 비행 중 떨어진 물건으로 제3자가 입은 손해를 배상할 책임이 있습니다.", DRONE],
    ["해지에 책임이 있는 회원은 이미 제공된 용역의 대가와 위약금을 공제한 나머지 이용료만 돌려받을 수 있습니다.", FEES],
    ["정당한 이유 없이 사실혼을 파기한 당사자는 상대방의 정신적 손해를 배상할 책임이 있습니다.", JOINED],
  ];
  const unsupported: [string, string][] = [
    ["임대차 계약이 끝나면 임대인은 보증금을 곧바로 돌려주어야 합니다.", DRONE],
    ["이혼할 때 재산분할 청구권은 혼인 중 형성한 재산에 대하여 인정됩니다.", FEES],
    ["상속인은 상속 개시를 안 날부터 3개월 안에 한정승인을 할 수 있습니다.", JOINED],
  ];
  const coverage = (claim: string, text: string) =>
    lexicalEvidence(claim, [chunk("x", "2099다1", "판결요지", text)])?.coverage ?? 0;

  it.each(supported)("judges a paraphrase of the holding supported: %s", (claim, text) => {
    expect(lexicalVerdict(coverage(claim, text))).toBe("supported");
  });

  it.each(unsupported)("judges a claim the passage does not make unsupported: %s", (claim, text) => {
    expect(lexicalVerdict(coverage(claim, text))).toBe("unsupported");
  });

  it("quotes the decision's own sentence that carries the claim", () => {
    const evidence = lexicalEvidence(supported[1]?.[0] ?? "", [chunk("g", "2030다1234", "판결요지", FEES)]);
    expect(evidence?.quote).toBe(
      "그러나 해지에 관하여 책임이 있는 회원은 사업자가 이미 제공한 용역의 대가와 상당한 위약금을 공제한 나머지 이용료만 돌려받을 수 있다.",
    );
  });
});

describe("checkSupport without a model", () => {
  it("marks one supported and one unsupported citation, never quoting for the unsupported one", async () => {
    const answer =
      "드론 배송 사업자는 비행 중 떨어진 물건으로 제3자가 입은 손해를 배상할 책임이 있습니다(대법원 2098다1001). " +
      "임대차가 끝나면 임대인은 보증금을 바로 돌려주어야 합니다(대법원 2030다1234).";
    const report = await checkSupport(parts(answer), context);
    expect(report.status).toBe("done");
    expect(report.citations.map((c) => [c.caseNo, c.verdict])).toEqual([
      ["2098다1001", "supported"],
      ["2030다1234", "unsupported"],
    ]);
    expect(report.citations[0]?.quote).toContain("배상할 책임이 있다");
    expect(report.citations[0]?.chunkId).toBe("d1");
    expect(report.citations[1]?.quote).toBeUndefined();
    expect(report.citations[1]?.reason).toContain("찾지 못했습니다");
    expect(report.rate).toBe(0.5);
    expect(report.methods).toEqual([]);
    // The key the renderer uses: where the number stands in the answer.
    expect(answer.slice(report.citations[1]?.offset ?? 0).startsWith("2030다1234")).toBe(true);
  });

  it("judges a number the context does not hold unsupported, and says there is nothing to check without citations", async () => {
    const report = await checkSupport(parts("이 쟁점은 2000다99999 판결이 다룹니다."), context);
    expect(report.citations[0]?.verdict).toBe("unsupported");
    expect(report.citations[0]?.valid).toBe(false);
    const none = await checkSupport(parts("인용 없는 답변입니다."), context);
    expect(none.status).toBe("skipped");
  });

  it("lets a clear cosine move a lexical verdict one step, and records the score", async () => {
    const answer = "임대차가 끝나면 임대인은 보증금을 바로 돌려주어야 합니다(대법원 2030다1234).";
    const report = await checkSupport(parts(answer), context, {
      // Every text the same vector: cosine 1 for every pair.
      embed: async (texts) => texts.map(() => [1, 0, 0]),
    });
    const [only] = report.citations;
    // No sentence shares enough words to be a candidate: cosine has nothing to compare, nothing changes.
    expect(only?.cosine).toBeUndefined();
    expect(only?.verdict).toBe("unsupported");
    const partly = await checkSupport(
      parts("회원은 계약을 해지할 수 있지만 이용료를 얼마나 돌려받는지는 사정에 따라 다릅니다(대법원 2030다1234)."),
      context,
      { embed: async (texts) => texts.map(() => [1, 0, 0]) },
    );
    expect(partly.methods).toContain("cosine");
    expect(partly.citations[0]?.cosine).toBeCloseTo(1);
  });

  it("leaves out a failing embeddings call and says why", async () => {
    const report = await checkSupport(
      parts("드론 배송 사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다(대법원 2098다1001)."),
      context,
      {
        embed: async () => {
          throw new Error("임베딩 서버 응답 없음");
        },
      },
    );
    expect(report.citations[0]?.verdict).toBe("supported");
    expect(report.notes.join(" ")).toContain("임베딩 비교를 건너뛰었습니다");
  });
});

describe("the model's verification over the fake server", () => {
  let server: FakeOpenAI;
  let config: ChatConfig;
  const generate = (request: { system: string; prompt: string; signal?: AbortSignal }) =>
    generateChat({ role: "judge", ...request, config }).then((r) => r.text);
  const ANSWER =
    "드론 배송 사업자는 비행 중 떨어진 물건으로 제3자가 입은 손해를 배상할 책임이 있습니다(대법원 2098다1001). " +
    "해지에 책임이 있는 회원도 이용료 전액을 돌려받을 수 있습니다(대법원 2030다1234).";

  beforeAll(async () => {
    server = await startFakeOpenAI();
    config = {
      baseURL: server.url,
      models: { analyst: "m", judge: "verifier", answer: "m" },
      timeoutMs: 2_000,
      retry: FAST_RETRY,
    };
  });
  afterAll(() => server.close());

  it("asks once for every pair and takes the verdicts and the quoted sentence", async () => {
    server.setRules([
      {
        system: "판례 인용 검증자",
        reply:
          "검토 결과입니다.\n```json\n" +
          JSON.stringify([
            {
              id: 1,
              verdict: "supported",
              quote:
                "드론을 이용한 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있다.",
              reason: "판결요지가 같은 내용을 말합니다.",
            },
            {
              id: 2,
              verdict: "not supported",
              quote:
                "책임이 있는 회원은 사업자가 이미 제공한 용역의 대가와 상당한 위약금을 공제한 나머지 이용료만 돌려받을 수 있다.",
              reason: "반대로 말합니다.",
            },
          ]) +
          "\n```",
      },
    ]);
    const before = server.requests.length;
    const report = await checkSupport(parts(ANSWER), context, { generate });
    const calls = server.requests.slice(before).filter((r) => r.path.endsWith("/chat/completions"));
    expect(calls).toHaveLength(1);
    const prompt = JSON.stringify(calls[0]?.body.messages);
    expect(prompt).toContain('사건번호=\\"2098다1001\\"');
    expect(prompt).toContain('사건번호=\\"2030다1234\\"');
    expect(report.methods).toEqual(["llm"]);
    expect(report.citations.map((c) => [c.verdict, c.llm])).toEqual([
      ["supported", "supported"],
      ["unsupported", "unsupported"],
    ]);
    expect(report.citations[0]?.quote).toBe(
      "드론을 이용한 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있다.",
    );
    // An unsupported citation is never shown with a supporting sentence, whatever the model quoted.
    expect(report.citations[1]?.quote).toBeUndefined();
    expect(report.citations[1]?.reason).toContain("반대로 말합니다");
  });

  it("falls back to the lexical result, saying why, when the reply is not JSON", async () => {
    server.setRules([{ system: "판례 인용 검증자", reply: "두 인용 모두 적절해 보입니다." }]);
    const report = await checkSupport(parts(ANSWER), context, { generate });
    expect(report.methods).toEqual([]);
    expect(report.citations.map((c) => c.method)).toEqual(["lexical", "lexical"]);
    expect(report.citations[0]?.verdict).toBe("supported");
    expect(report.notes.join(" ")).toMatch(/JSON 배열이 아니어서.*어휘 비교 결과만/);
  });

  it("uses the readable items of a half-broken reply and reports the rest", async () => {
    server.setRules([
      {
        system: "판례 인용 검증자",
        reply: JSON.stringify([
          { id: 2, verdict: "partly", quote: "이 문장은 판례에 없습니다만 길게 적었습니다", reason: "일부만" },
          { id: 7, verdict: "supported" },
          { verdict: "supported" },
          { id: 1, verdict: "maybe" },
        ]),
      },
    ]);
    const report = await checkSupport(parts(ANSWER), context, { generate });
    const [first, second] = report.citations;
    expect(first?.method).toBe("lexical");
    expect(second?.method).toBe("llm");
    expect(second?.verdict).toBe("partly");
    // The model's quote is not in the passage: it is not shown as the decision's words.
    expect(second?.quote).not.toContain("판례에 없습니다만");
    expect(second?.reason).toContain("찾지 못해");
    expect(report.notes.join(" ")).toContain("3개 항목을 해석하지 못했습니다");
    expect(report.notes.join(" ")).toContain("1개 항목을 판정하지 않았습니다");
  });

  it("reports a broken response body and a server error without failing the check", async () => {
    server.setRules([{ system: "판례 인용 검증자", raw: "{not json" }]);
    const broken = await checkSupport(parts(ANSWER), context, { generate });
    expect(broken.status).toBe("done");
    expect(broken.notes.join(" ")).toContain("검증 모델 호출이 실패했습니다");
    server.setRules([{ system: "판례 인용 검증자", error: { status: 500 } }]);
    const failed = await checkSupport(parts(ANSWER), context, { generate });
    expect(failed.citations.map((c) => c.method)).toEqual(["lexical", "lexical"]);
    expect(failed.notes.join(" ")).toContain("검증 모델 호출이 실패했습니다");
  });
});

describe("reading a verification reply", () => {
  const items = [{ id: 1, claim: "주장", caseNo: "2030다1234", passages: [{ section: "판결요지", text: FEES }] }];

  it("finds a quote whatever its spacing and quotation marks", () => {
    expect(
      findQuote(
        "“책임이 있는 회원은   사업자가 이미 제공한 용역의\n대가와 상당한 위약금을 공제한 나머지 이용료만 돌려받을 수 있다.”",
        [{ text: FEES }],
      ),
    ).toBe(
      "책임이 있는 회원은 사업자가 이미 제공한 용역의 대가와 상당한 위약금을 공제한 나머지 이용료만 돌려받을 수 있다.",
    );
    expect(findQuote("이용료", [{ text: FEES }])).toBeUndefined();
  });

  it("accepts verdicts spelt another way and ignores duplicates", () => {
    const { verdicts, problems } = parseVerification(
      '[{"id": "1", "verdict": "Partially"}, {"id": 1, "verdict": "supported"}]',
      items,
    );
    expect(verdicts.get(1)?.verdict).toBe("partly");
    expect(problems).toEqual(["검증 모델의 응답 중 1개 항목을 해석하지 못했습니다"]);
    expect(parseVerification("[]", items).problems).toEqual(["검증 모델의 응답에 판정이 없었습니다"]);
  });
});
