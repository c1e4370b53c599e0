import type { BenchmarkItem } from "./benchmark";
import { difference, num, withInterval } from "./format";
import { ALL_METRICS, ANSWER_METRICS, RETRIEVAL_METRICS } from "./metric-defs";
import { PARTIAL_REPLAY_NOTE, partialReplayLine, partialReplayMark, partialReplayTotal } from "./replay-gaps";
import type { Summary, SystemSummary } from "./report";
import type { EvalRun } from "./run-eval";
import { strategyText } from "./strategy-outcome";

// A system's name as every table shows it: with the partial-replay mark when its figures are partly fallbacks.
const labelOf = (summaries: SystemSummary[], id: string) => {
  const s = summaries.find((x) => x.id === id);
  return s ? `${s.label}${partialReplayTotal(s)}` : id;
};
const metricLabel = (key: string) => ALL_METRICS.find((m) => m.key === key)?.label ?? key;

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
    "",
  ];
}

/** Which models and sources each system's results came from, and what it actually used. */
export function usedLines(summaries: SystemSummary[], fingerprints: EvalRun["fingerprints"]): string[] {
  const lines: string[] = [];
  for (const s of summaries) {
    const fps = Object.values(fingerprints?.[s.id] ?? {});
    const models = new Map<string, string>();
    for (const fp of fps) {
      for (const [role, m] of Object.entries(
        (fp.models ?? {}) as Record<string, { model: string; endpoint: string } | null>,
      )) {
        models.set(role, m ? `${m.model} (${m.endpoint})` : "설정 없음");
      }
    }
    const parts = [...models].map(([role, m]) => `${role} = ${m}`);
    const u = s.used;
    const counts = u.items
      ? ` · 분석 질의 ${u.analytical}/${u.items}, 근거 질의 ${u.rationale}/${u.items}, 임베딩 ${u.dense}/${u.items}, 리랭커 ${u.reranked}/${u.items}`
      : "";
    lines.push(
      `- ${s.label}: ${parts.length ? parts.join(", ") : "모델 호출 없음"}${counts}${strategyText(s.strategy)}${partialReplayTotal(s)}`,
    );
  }
  return lines;
}

/** The report as Markdown: metrics with intervals, differences to the baseline, wins and losses, costs. */
export function markdownReport(
  title: string,
  items: BenchmarkItem[],
  summary: Summary,
  run: EvalRun,
  charts: string[] = [],
  calls?: { mode: string; path: string; unrecorded?: string[] },
): string {
  const { summaries, comparisons, bootstrap } = summary;
  const lines = [`# ${title}`, ""];
  const partial = partialReplayLine(summaries);
  if (partial) lines.push(`> ${partial}`, "");
  lines.push(
    `95% 구간: 쌍체 부트스트랩(질문 재표본 ${bootstrap.resamples.toLocaleString("en-US")}회, seed ${bootstrap.seed}, 백분위 구간). ` +
      "차이의 * 는 구간이 0을 포함하지 않음(유의함)을 뜻합니다.",
    "",
  );
  const retrieval = summaries.filter((s) => s.retrievalItems > 0);
  if (retrieval.length) {
    lines.push("## 검색 성능 (Recall@k, case-level NDCG@k)", "");
    lines.push(
      ...table(
        ["시스템", "질문 수", ...RETRIEVAL_METRICS.map((m) => m.label)],
        retrieval.map((s) => [
          `${s.label}${partialReplayMark(s, "retrieval")}`,
          String(s.retrievalItems),
          ...RETRIEVAL_METRICS.map((m) => withInterval(s.metrics[m.key])),
        ]),
      ),
    );
  }
  const answers = summaries.filter((s) => s.yesNoItems > 0);
  if (answers.length) {
    lines.push("## 답변 (예/아니요): 정확도, F1, 인용 신뢰도", "");
    lines.push(
      "인용 정확도 = 검색된 판례 안에 있는 인용 사건번호 / 모든 인용(검색되지 않은 번호는 불리하게 셈). " +
        "인용 근거율 = 인용한 문장 중 인용한 판례의 검색된 구절이 뒷받침하는 문장의 비율(인용 검증, 어휘 비교). " +
        "정답 판례 인용률 = 정답 판례를 하나 이상 (검증된 인용으로) 인용한 답변의 비율.",
      "",
    );
    lines.push(
      ...table(
        ["시스템", "질문 수", ...ANSWER_METRICS.map((m) => m.label), "판정 불가"],
        answers.map((s) => [
          `${s.label}${partialReplayMark(s, "yesno")}`,
          String(s.yesNoItems),
          ...ANSWER_METRICS.map((m) => withInterval(s.metrics[m.key])),
          String(s.unreadable.length),
        ]),
      ),
    );
  }
  if (partial) lines.push(PARTIAL_REPLAY_NOTE, "");
  if (comparisons.length && summary.baseline) {
    const base = labelOf(summaries, summary.baseline);
    const keys = ALL_METRICS.filter((m) => comparisons.some((c) => c.diffs[m.key]));
    lines.push(`## 기준(${base}) 대비 차이`, "");
    lines.push(
      ...table(
        ["시스템", ...keys.map((m) => m.label)],
        comparisons.map((c) => [labelOf(summaries, c.system), ...keys.map((m) => difference(c.diffs[m.key]))]),
      ),
    );
    lines.push(`## 질문별 승패 (기준: ${base})`, "");
    for (const c of comparisons) {
      for (const w of c.wins) {
        lines.push(
          `### ${labelOf(summaries, c.system)} — ${metricLabel(w.metric)}: ${w.wins}승 ${w.ties}무 ${w.losses}패`,
          "",
        );
        if (w.rows.length) {
          lines.push(
            ...table(
              ["질문", "내용", base, labelOf(summaries, c.system)],
              w.rows.map((r) => [r.itemId, r.question.slice(0, 40), num(r.baseline), num(r.system)]),
            ),
          );
        }
      }
    }
  }
  lines.push("## 비용", "");
  lines.push(
    ...table(
      ["시스템", "토큰(전체)", "답변 토큰", "답변 시간(초)", "시간(초)", "캐시에서"],
      summaries.map((s) => [
        s.label,
        String(s.tokens),
        String(s.answerTokens),
        s.answerSeconds.toFixed(1),
        s.seconds.toFixed(1),
        String(s.fromCache),
      ]),
    ),
  );
  lines.push("## 사용한 구성", "");
  if (calls) {
    lines.push(
      calls.mode === "replay"
        ? `모델 호출은 기록 파일 \`${calls.path}\`에서 재생했습니다(네트워크 호출 없음). 간단한 형식(질문 → 역할별 응답, 청크 → 맥락)은 질문이나 청크 본문으로 맞추므로, 응답이 쓰인 뒤 프롬프트가 바뀌었다면 지금의 프롬프트와 정확히 맞지 않습니다.`
        : `모델 호출을 \`${calls.path}\`에 기록했습니다.`,
      "",
    );
    if (calls.unrecorded?.length) {
      lines.push(
        `기록하지 못한 호출 ${calls.unrecorded.length}건 (다시 재생하면 이 호출은 실패합니다):`,
        "",
        ...calls.unrecorded.map((r) => `- ${r}`),
        "",
      );
    }
  }
  lines.push(...usedLines(summaries, run.fingerprints), "");
  if (run.skipped.length) {
    lines.push("## 건너뛴 시스템", "", ...run.skipped.map((s) => `- ${s.system}: ${s.reason}`), "");
  }
  const withMisses = summaries.filter((s) => s.misses.length || s.unreadable.length || s.errors.length);
  if (withMisses.length) {
    lines.push("## 놓친 항목", "");
    for (const s of withMisses) {
      lines.push(`### ${s.label}`, "");
      for (const m of s.misses) {
        lines.push(
          `- ${m.itemId}: ${m.gold.map((g) => `${g.caseNo} (${g.rank === null ? "상위 20위 밖" : `${g.rank}위`})`).join(", ")}`,
        );
      }
      for (const id of s.unreadable) lines.push(`- ${id}: 답변에서 예/아니요를 판정할 수 없음`);
      for (const e of s.errors) lines.push(`- ${e.itemId}: 오류 — ${e.error}`);
      lines.push("");
    }
  }
  for (const chart of charts) lines.push(`![${chart}](${chart})`, "");
  lines.push(`질문 ${items.length}개.`, "");
  return lines.join("\n");
}
