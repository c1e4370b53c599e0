import { z } from "zod";
import { type VerifyItem, verifyCitationsPrompt } from "../../ai/prompts/verify-citations";
import { toAppError } from "../../errors";
import type { SupportVerdict } from "./types";

/**
 * One batched verification call over every (claim, cited decision) pair, and a defensive reading
 * of the reply: a model may wrap the JSON in prose or a code fence, drop items, invent ids, spell
 * verdicts its own way or quote a sentence that is not in the passage. What can be read is used;
 * what cannot is reported (the lexical result then stands for those pairs).
 */

export type GenerateFn = (request: { system: string; prompt: string; signal?: AbortSignal }) => Promise<string>;

export interface LlmVerdict {
  verdict: SupportVerdict;
  /** The quoted sentence, only when it was found in the pair's passages (as written there). */
  quote?: string;
  /** Set when the model quoted something the passages do not contain. */
  quoteMissing?: boolean;
  reason?: string;
}

export interface LlmVerification {
  verdicts: Map<number, LlmVerdict>;
  /** Why the reply (or part of it) was not used; empty when every item was read. */
  problems: string[];
}

const VERDICTS: Record<string, SupportVerdict> = {
  supported: "supported",
  support: "supported",
  partly: "partly",
  partial: "partly",
  partially: "partly",
  "partly supported": "partly",
  partially_supported: "partly",
  unsupported: "unsupported",
  "not supported": "unsupported",
  not_supported: "unsupported",
  none: "unsupported",
  근거확인: "supported",
  근거약함: "partly",
  근거없음: "unsupported",
};

const Item = z.object({
  id: z.coerce.number().int(),
  verdict: z.string(),
  quote: z.string().optional().nullable(),
  reason: z.string().optional().nullable(),
});

/** The first JSON array in the text (a ```json fence or prose around it is tolerated). */
function jsonArray(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const source = fenced ?? text;
  const start = source.indexOf("[");
  const end = source.lastIndexOf("]");
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(source.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

const squash = (s: string) => s.replace(/\s+/g, "").replace(/[“”"'‘’]/g, "");

/** The quote as the passage writes it (spacing and line breaks may differ in the reply), or undefined. */
export function findQuote(quote: string, passages: { text: string }[]): string | undefined {
  const whole = squash(quote);
  // A quote cut short ("…") or without its full stop still counts: try it as given, then trimmed.
  const tries = [whole, whole.replace(/[.…]+$/, "")].filter((w, i, all) => w.length >= 8 && all.indexOf(w) === i);
  for (const { text } of passages) {
    // Every character of the passage but spaces and quotation marks, with its offset.
    const offsets: number[] = [];
    let flat = "";
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] ?? "";
      if (/\s|[“”"'‘’]/.test(ch)) continue;
      offsets.push(i);
      flat += ch;
    }
    for (const wanted of tries) {
      const at = flat.indexOf(wanted);
      if (at >= 0) return text.slice(offsets[at], (offsets[at + wanted.length - 1] ?? text.length - 1) + 1);
    }
  }
  return undefined;
}

export function parseVerification(reply: string, items: VerifyItem[]): LlmVerification {
  const problems: string[] = [];
  const verdicts = new Map<number, LlmVerdict>();
  const parsed = jsonArray(reply);
  if (!Array.isArray(parsed)) {
    return { verdicts, problems: ["검증 모델의 응답이 JSON 배열이 아니어서 쓰지 않았습니다"] };
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  let unreadable = 0;
  for (const raw of parsed) {
    const item = Item.safeParse(raw);
    const known = item.success ? byId.get(item.data.id) : undefined;
    const verdict = item.success ? VERDICTS[item.data.verdict.trim().toLowerCase().replace(/\s+/g, " ")] : undefined;
    if (!item.success || !known || !verdict || verdicts.has(item.data.id)) {
      unreadable += 1;
      continue;
    }
    const quoteText = item.data.quote?.trim();
    const quote = quoteText && verdict !== "unsupported" ? findQuote(quoteText, known.passages) : undefined;
    verdicts.set(item.data.id, {
      verdict,
      ...(quote ? { quote } : {}),
      ...(quoteText && !quote && verdict !== "unsupported" ? { quoteMissing: true } : {}),
      ...(item.data.reason?.trim() ? { reason: item.data.reason.trim().slice(0, 300) } : {}),
    });
  }
  if (unreadable > 0) problems.push(`검증 모델의 응답 중 ${unreadable}개 항목을 해석하지 못했습니다`);
  const missing = items.filter((i) => !verdicts.has(i.id)).length;
  if (missing > 0 && verdicts.size > 0) problems.push(`검증 모델이 ${missing}개 항목을 판정하지 않았습니다`);
  if (verdicts.size === 0 && unreadable === 0) problems.push("검증 모델의 응답에 판정이 없었습니다");
  return { verdicts, problems };
}

/** Calls the model once for all items; a failed call is a problem reported, never an exception. */
export async function verifyWithLlm(
  items: VerifyItem[],
  generate: GenerateFn,
  signal?: AbortSignal,
): Promise<LlmVerification & { failed?: boolean }> {
  if (items.length === 0) return { verdicts: new Map(), problems: [] };
  let reply: string;
  try {
    reply = await generate({ ...verifyCitationsPrompt(items), signal });
  } catch (error) {
    const appError = toAppError(error);
    return {
      verdicts: new Map(),
      problems: [`검증 모델 호출이 실패했습니다: ${appError.userMessage}`],
      failed: true,
    };
  }
  return parseVerification(reply, items);
}
