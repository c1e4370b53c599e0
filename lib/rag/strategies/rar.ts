import type { ChatRole } from "../../ai/config";
import { analystPrompt } from "../../ai/prompts/analyst";
import { extractRationale, judgePrompt } from "../../ai/prompts/judge";
import { toAppError } from "../../errors";
import type { ScoredChunk } from "../../text/decision";
import { isFatal, type RunContext } from "../stages/context";
import { retrieveFused, writeWithLlm } from "../stages/retrieve";

/**
 * RAR's query formulation (docs/method.md §1) with its latency hidden: retrieval for the original
 * question starts at once; the analytical query is searched while the judge writes the rationale.
 * A failed query-writing step drops that query.
 */
export async function rarLists(ctx: RunContext): Promise<ScoredChunk[][]> {
  const { question, options } = ctx;
  if (!ctx.deps.stream) {
    ctx.notice("llm_missing", "언어 모델이 없어 원래 질문으로만 검색합니다.");
    return [await retrieveFused(ctx, "original", question)];
  }
  const write = (role: ChatRole, which: "analytical" | "rationale", prompt: { system: string; prompt: string }) =>
    writeWithLlm(ctx, which, role, prompt, ctx.settings.temperature, (delta) =>
      ctx.send({ type: "query-delta", which, delta }),
    );
  const dropOnFailure = (label: "analytical" | "rationale") => (error: unknown) => {
    // Past the deadline the query is simply left out; the deadline's notice says why.
    if (ctx.cut()) return undefined;
    const appError = toAppError(error);
    if (isFatal(appError)) throw appError;
    ctx.notice(
      `${label}_failed`,
      `${label === "analytical" ? "분석 질의" : "근거 질의"} 작성에 실패해 이 질의 없이 검색합니다: ${appError.userMessage}`,
    );
    return undefined;
  };

  const analytical = write("analyst", "analytical", analystPrompt(question)).catch(dropOnFailure("analytical"));
  const rationale = analytical.then(async (a) => {
    if (a) {
      ctx.trace.queries.analytical = a;
      ctx.send({ type: "query", which: "analytical", text: a });
    }
    const output = await write(
      "judge",
      "rationale",
      judgePrompt(question, options.scaffolding === false ? undefined : a, {
        chainOfThought: options.chainOfThought,
      }),
    ).catch(dropOnFailure("rationale"));
    if (!output) return undefined;
    ctx.trace.judgeOutput = output;
    const passage = extractRationale(output);
    ctx.trace.queries.rationale = passage;
    ctx.send({ type: "query", which: "rationale", text: passage });
    return passage;
  });

  const lists: Promise<ScoredChunk[] | undefined>[] = [];
  if (options.overlap ?? true) {
    lists.push(retrieveFused(ctx, "original", question));
    lists.push(analytical.then((a) => (a ? retrieveFused(ctx, "analytical", a) : undefined)));
    lists.push(rationale.then((r) => (r ? retrieveFused(ctx, "rationale", r) : undefined)));
  } else {
    // The paper's order: both LLM calls first, then the three searches one after another.
    const [a, r] = [await analytical, await rationale];
    lists.push(Promise.resolve(await retrieveFused(ctx, "original", question)));
    lists.push(Promise.resolve(a ? await retrieveFused(ctx, "analytical", a) : undefined));
    lists.push(Promise.resolve(r ? await retrieveFused(ctx, "rationale", r) : undefined));
  }
  return (await Promise.all(lists)).filter((l): l is ScoredChunk[] => Array.isArray(l));
}
