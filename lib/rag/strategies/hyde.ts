import { hydePrompt } from "../../ai/prompts/hyde";
import { toAppError } from "../../errors";
import type { ScoredChunk } from "../../text/decision";
import { isFatal, type RunContext } from "../stages/context";
import { retrieveFused, retrieveQuery, writeWithLlm } from "../stages/retrieve";

/**
 * HyDE (docs/method.md §2): the LLM writes a hypothetical decision passage and its embedding is the
 * query. By default that vector is the whole search, as the method says; `hydeSearch: "hybrid"` (an
 * option) also runs BM25 on the original question and fuses the two. Without embeddings HyDE does not
 * exist: the step is skipped with the reason and the original question is searched, said as a notice
 * — never a silent BM25 run under HyDE's name.
 */
export async function hydeLists(ctx: RunContext): Promise<ScoredChunk[][]> {
  const { question } = ctx;
  const skip = (code: string, notice: string, fallback: string) => {
    ctx.notice(code, notice);
    ctx.step({ key: "hyde", kind: "hyde", status: "skipped", dense: "question", sparse: "question", fallback });
  };
  if (!ctx.deps.embed) {
    skip(
      "hyde_unavailable",
      "임베딩 모델이 없어 HyDE(가상 판결문 임베딩 검색)를 쓸 수 없습니다. 원래 질문으로 키워드 검색합니다.",
      "임베딩 모델 없음",
    );
    return [await retrieveFused(ctx, "original", question)];
  }
  if (!ctx.deps.stream) {
    skip("llm_missing", "언어 모델이 없어 원래 질문으로만 검색합니다.", "언어 모델 없음");
    return [await retrieveFused(ctx, "original", question)];
  }
  const hybrid = ctx.settings.strategies.hydeSearch === "hybrid";
  ctx.step({ key: "hyde", kind: "hyde", status: "running", dense: "passage", sparse: hybrid ? "question" : "none" });
  let passage: string | undefined;
  let reason: string | undefined;
  try {
    passage = await writeWithLlm(ctx, "hyde", "judge", hydePrompt(question), ctx.settings.strategies.hydeTemperature);
    if (!passage) reason = "응답이 비어 있습니다";
  } catch (error) {
    const appError = toAppError(error);
    if (isFatal(appError)) throw appError;
    reason = `언어 모델 호출 실패: ${appError.userMessage}`;
  }
  if (!passage) {
    ctx.notice("hyde_failed", `가상 판결문을 쓰지 못해 원래 질문으로 검색합니다 (${reason}).`);
    ctx.step({
      key: "hyde",
      kind: "hyde",
      status: "fallback",
      dense: "question",
      sparse: "question",
      fallback: reason,
    });
    return [await retrieveFused(ctx, "original", question)];
  }
  ctx.trace.queries.hyde = passage;
  ctx.send({ type: "query", which: "hyde", text: passage });
  const { fused } = await retrieveQuery(ctx, "hyde", question, { denseText: passage, denseOnly: !hybrid });
  ctx.step({
    key: "hyde",
    kind: "hyde",
    status: ctx.embedFailed ? "fallback" : "done",
    passage,
    dense: ctx.embedFailed ? "none" : "passage",
    // A failed embeddings call leaves BM25 on the question as the only search.
    sparse: hybrid || ctx.embedFailed ? "question" : "none",
    fallback: ctx.embedFailed ? "가상 판결문의 임베딩을 얻지 못해 키워드 검색만 했습니다" : undefined,
  });
  return [fused];
}
