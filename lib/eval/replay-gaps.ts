import type { BenchmarkItem } from "./benchmark";

/**
 * A replay file in the simple format may hold replies for a few questions only (the five dev
 * questions): for the rest the model call fails as `ai:replay_not_covered` and the step falls back
 * (the question searched as asked, no analytical query…). Such a system's figure is then mostly the
 * fallback's, not the strategy's, so every place that shows it says how many questions ran without
 * their recorded reply — beside the figure, not only in a footnote.
 */
export interface ReplayGaps {
  /** Questions of each kind with at least one model call the replay file did not cover. */
  retrieval: number;
  yesno: number;
}

type Counted = { replayGaps?: ReplayGaps; retrievalItems: number; yesNoItems: number };

const countOf = (s: Counted, kind: BenchmarkItem["kind"]) =>
  kind === "retrieval"
    ? { gaps: s.replayGaps?.retrieval ?? 0, of: s.retrievalItems }
    : { gaps: s.replayGaps?.yesno ?? 0, of: s.yesNoItems };

/** " ⚠ 부분 재생 42/47" beside a system's name in a table of `kind` figures; "" when fully covered. */
export function partialReplayMark(s: Counted, kind: BenchmarkItem["kind"]): string {
  const { gaps, of } = countOf(s, kind);
  return gaps > 0 ? ` ⚠ 부분 재생 ${gaps}/${of}` : "";
}

/** The same over every question the system ran (charts, comparisons, the closing line). */
export function partialReplayTotal(s: Counted): string {
  const gaps = (s.replayGaps?.retrieval ?? 0) + (s.replayGaps?.yesno ?? 0);
  return gaps > 0 ? ` ⚠ 부분 재생 ${gaps}/${s.retrievalItems + s.yesNoItems}` : "";
}

export const hasReplayGaps = (s: Counted) => (s.replayGaps?.retrieval ?? 0) + (s.replayGaps?.yesno ?? 0) > 0;

/** What the mark means, said once under the tables. */
export const PARTIAL_REPLAY_NOTE =
  "⚠ 부분 재생: 기록 파일에 일부 질문의 응답만 있어, 표시한 수의 질문은 그 모델 응답 없이 실행했습니다" +
  "(질의 단계는 원래 질문으로 대체). 이 수치는 전략을 모든 질문에 적용한 수치가 아닙니다.";

/** One line naming every partly replayed system (the report's first line, the CLI's last); "" when none. */
export function partialReplayLine(summaries: (Counted & { label: string })[]): string {
  const partial = summaries.filter(hasReplayGaps);
  if (!partial.length) return "";
  const names = partial.map((s) => `${s.label} ${partialReplayTotal(s).replace(" ⚠ 부분 재생 ", "")}`);
  return `⚠ 부분 재생 — ${names.join(", ")}: ${PARTIAL_REPLAY_NOTE.replace("⚠ 부분 재생: ", "")}`;
}
