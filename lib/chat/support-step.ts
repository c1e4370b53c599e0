import { generateChat } from "../ai/chat";
import { aiConfig } from "../ai/config";
import { embedTexts } from "../ai/embed";
import { coolingDown } from "../ai/faults";
import { env } from "../env";
import { unsupportedConclusion } from "../rag/decline";
import { checkSupport, type SupportDeps } from "../rag/support/check";
import type { PipelineResult } from "../rag/types";
import type { VectorStore } from "../store/types";
import { INTERACTIVE_RETRY, observed } from "./default-deps";
import { checkOutsideCitations } from "./outside-citations";
import type { ChatEvent } from "./types";

/**
 * The support check as the chat runs it, after the answer has streamed: with the chat's
 * interactive budgets (one quick retry, short embeddings timeout), skipping a component that is
 * cooling down after a fault, and cut by the lawyer's Stop or the answer's deadline. Its outcome
 * feeds the fault registry like any chat call.
 */
function chatSupportDeps(signal: AbortSignal, deadline?: AbortSignal): SupportDeps {
  const config = aiConfig();
  const settings = env();
  const cooldownMs = settings.FAULT_COOLDOWN_SECONDS * 1000;
  const notes: string[] = [];
  const stop = deadline ? AbortSignal.any([signal, deadline]) : signal;
  let generate: SupportDeps["generate"];
  if (!config.chat) notes.push("언어 모델이 설정되지 않아 어휘 비교로만 검증했습니다");
  else if (deadline?.aborted) notes.push("답변 제한 시간이 지나 검증 모델을 부르지 않았습니다");
  else if (coolingDown("llm", cooldownMs)) notes.push("언어 모델이 방금 응답하지 않아 검증 모델을 부르지 않았습니다");
  else {
    const chat = { ...config.chat, retry: config.chat.retry ?? INTERACTIVE_RETRY };
    generate = (request) =>
      observed("llm", () => generateChat({ role: "judge", ...request, config: chat, signal: stop })).then(
        (r) => r.text,
      );
  }
  let embed: SupportDeps["embed"];
  if (config.embeddings && !coolingDown("embeddings", cooldownMs)) {
    const embeddings = {
      ...config.embeddings,
      timeoutMs: settings.CHAT_EMBEDDINGS_TIMEOUT_MS,
      retry: INTERACTIVE_RETRY,
    };
    embed = (texts) => observed("embeddings", () => embedTexts(texts, { config: embeddings, signal: stop }));
  }
  return { generate, embed, signal: stop, notes };
}

/**
 * Checks the answer's citations (visibly: "support-start", then "support"), stores the report in
 * the trace, and declines an answer whose main claim no citation supports. A retrieval-only or
 * declined answer lists precedents rather than claiming anything: nothing to check.
 */
async function checkAnswerSupport(
  result: PipelineResult,
  deps: SupportDeps,
  forward: (event: ChatEvent) => void,
): Promise<void> {
  if (result.retrievalOnly || result.trace.decline) return;
  forward({ type: "support-start" });
  const report = await checkSupport(result.parts, result.context, deps);
  const startMs = result.trace.totalMs;
  result.trace.timings.push({ stage: "support", startMs, endMs: startMs + report.ms });
  result.trace.support = report;
  result.trace.decline = unsupportedConclusion(report, result.context);
  forward({ type: "support", report, decline: result.trace.decline });
}

/**
 * The checks every written answer gets, in the chat and in 전략 비교 alike: case numbers outside the
 * passages looked up in every corpus (a real decision or an invented one), then each citation
 * judged (checkAnswerSupport). `deadline`: the answer's own clock, when it has one.
 */
export async function checkWrittenAnswer(
  result: PipelineResult,
  store: VectorStore,
  forward: (event: ChatEvent) => void,
  signal: AbortSignal,
  deadline?: AbortSignal,
): Promise<void> {
  const outside = result.retrievalOnly ? new Map() : await checkOutsideCitations(result, store);
  await checkAnswerSupport(result, { ...chatSupportDeps(signal, deadline), outside }, forward);
}
