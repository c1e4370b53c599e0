import { parseList } from "../../ai/parse-list";
import { expandedQuery, synonymPrompt } from "../../ai/prompts/synonyms";
import { toAppError } from "../../errors";
import type { ScoredChunk } from "../../text/decision";
import { isFatal, type RunContext } from "../stages/context";
import { retrieveFused, writeWithLlm } from "../stages/retrieve";

/** Asks for a list; any failure (the call, or output no fallback could read) is a reason, not a throw. */
export async function askForList(
  ctx: RunContext,
  stage: string,
  role: "analyst" | "judge",
  prompt: { system: string; prompt: string },
  temperature: number,
  rules: { max: number; maxLength: number },
) {
  try {
    const text = await writeWithLlm(ctx, stage, role, prompt, temperature);
    const parsed = parseList(text, { ...rules, exclude: [ctx.question] });
    return parsed.ok ? parsed : { ok: false as const, reason: `응답을 읽지 못했습니다: ${parsed.reason}` };
  } catch (error) {
    const appError = toAppError(error);
    if (isFatal(appError)) throw appError;
    return { ok: false as const, reason: `언어 모델 호출 실패: ${appError.userMessage}` };
  }
}

/**
 * Related-term expansion (docs/method.md §2): three legal terms from the LLM are appended to the question
 * — `질문 (관련 용어: a, b, c)` — and searched once. On any failure the original is searched and
 * the step says why.
 */
export async function synonymLists(ctx: RunContext): Promise<ScoredChunk[][]> {
  const { question } = ctx;
  if (!ctx.deps.stream) {
    ctx.notice("llm_missing", "언어 모델이 없어 원래 질문으로만 검색합니다.");
    ctx.step({
      key: "terms",
      kind: "terms",
      status: "skipped",
      terms: [],
      query: question,
      fallback: "언어 모델 없음",
    });
    return [await retrieveFused(ctx, "original", question)];
  }
  ctx.step({ key: "terms", kind: "terms", status: "running", terms: [] });
  const listed = await askForList(
    ctx,
    "terms",
    "analyst",
    synonymPrompt(question),
    ctx.settings.strategies.synonymTemperature,
    { max: 3, maxLength: 30 },
  );
  if (!listed.ok) {
    ctx.notice("terms_failed", `관련 용어를 얻지 못해 원래 질문으로 검색합니다 (${listed.reason}).`);
    ctx.step({ key: "terms", kind: "terms", status: "fallback", terms: [], query: question, fallback: listed.reason });
    return [await retrieveFused(ctx, "original", question)];
  }
  const query = expandedQuery(question, listed.items);
  ctx.trace.queries.expanded = query;
  ctx.send({ type: "query", which: "expanded", text: query });
  ctx.step({ key: "terms", kind: "terms", status: "done", terms: listed.items, query, parsedAs: listed.how });
  return [await retrieveFused(ctx, "expanded", query)];
}
