"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { cancelJobAction, resumeJobAction } from "@/app/(app)/admin/corpora/actions";
import { setContextSwitchesAction, startEnrichmentAction } from "@/app/(app)/admin/corpora/enrich-actions";
import { fetchJobView, useJobPoll } from "@/components/jobs/use-job-poll";
import type { CorpusEnrichmentView, EnrichmentJobView, KindState } from "@/lib/enrich/view";
import { EnrichmentProgress, KIND_TEXT, money } from "./enrichment-progress";

const INDEX_TEXT: Record<KindState["index"], string> = {
  none: "색인 없음",
  current: "최신",
  stale: "가져오기 이후 갱신 필요",
};

const number = new Intl.NumberFormat("ko-KR");

function KindLine({ kind, state }: { kind: "context" | "atoms"; state: KindState }) {
  return (
    <li data-testid={`enrich-state-${kind}`} data-index={state.index}>
      <span className="font-medium">{KIND_TEXT[kind]}</span>: 청크 {number.format(state.done)}개
      {state.failed > 0 ? <span className="text-red-700"> · 실패 {number.format(state.failed)}개</span> : null}
      <span className={state.index === "stale" ? " text-amber-800" : " text-muted"}> · {INDEX_TEXT[state.index]}</span>
    </li>
  );
}

/**
 * The corpus page's enrichment (docs/method.md §3, §4): what each kind holds, contextual retrieval's two
 * switches, starting a job (kind, live or batch), its progress polled while it runs, cancel, resume,
 * and retrying the chunks that failed.
 */
export function EnrichmentPanel({ corpusId, view }: { corpusId: string; view: CorpusEnrichmentView }) {
  const router = useRouter();
  const [job, setJob] = useState<EnrichmentJobView | null>(view.job);
  const [kind, setKind] = useState<"context" | "atoms">("context");
  const [mode, setMode] = useState<"live" | "batch">("live");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // Shown switched at once; the server's answer (a refresh, or an error) has the last word.
  const [switches, setSwitches] = useState(view.switches);
  useEffect(() => setSwitches(view.switches), [view.switches]);
  const active = job?.status === "queued" || job?.status === "running";
  const jobId = job?.id;

  // A fresh server render (after an action, or the job's end) brings the latest job.
  useEffect(() => setJob(view.job), [view.job]);

  const reload = (id: string) => fetchJobView<EnrichmentJobView>(`/api/admin/enrichment/${id}`);

  useJobPoll<EnrichmentJobView>(jobId && `/api/admin/enrichment/${jobId}`, active, 1000, setJob);

  const run = (task: () => Promise<{ error?: string; job?: EnrichmentJobView }>) =>
    startTransition(async () => {
      const result = await task();
      setError(result.error ?? null);
      if (result.job) setJob(result.job);
      router.refresh();
    });
  const control = (action: typeof cancelJobAction) =>
    job &&
    run(async () => {
      const result = await action(corpusId, job.id);
      const next = await reload(job.id);
      return { error: result.error, job: next ?? undefined };
    });

  const { prices } = view;
  const priced = prices.input > 0 || prices.output > 0;
  const retryable = (["context", "atoms"] as const).filter((k) => view[k].failed > 0);

  return (
    <section className="space-y-3 rounded-xl border border-line bg-white p-4" data-testid="enrich-panel">
      <h2 className="text-sm font-semibold">보강 (맥락 · 원자 질문)</h2>
      <p className="text-xs text-muted">
        언어 모델이 청크마다 판결 속 맥락(맥락 검색)이나 그 청크가 답하는 질문(원자 질문 전략)을 씁니다. 이미 만든
        결과는 다시 묻지 않습니다.
      </p>
      <ul className="space-y-0.5 text-xs" data-testid="enrich-states">
        <KindLine kind="context" state={view.context} />
        <KindLine kind="atoms" state={view.atoms} />
      </ul>
      <fieldset className="space-y-1 text-xs" data-testid="enrich-switches">
        <legend className="mb-1 font-medium">맥락 검색 사용 (비교 실험용으로 따로 켜고 끔)</legend>
        {(["bm25", "dense"] as const).map((side) => (
          <label key={side} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={switches[side]}
              disabled={pending}
              data-testid={`enrich-switch-${side}`}
              onChange={(e) => {
                const next = { ...switches, [side]: e.target.checked };
                setSwitches(next);
                run(async () => {
                  const result = await setContextSwitchesAction({ corpusId, ...next });
                  if (result.error) setSwitches(view.switches);
                  return result;
                });
              }}
            />
            {side === "bm25" ? "맥락을 붙인 키워드(BM25) 색인" : "맥락을 붙인 임베딩 색인"}
          </label>
        ))}
        {(switches.bm25 || switches.dense) && view.context.index !== "current" ? (
          <p className="rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid="enrich-switch-note">
            맥락 색인이 {view.context.index === "none" ? "아직 없어" : "말뭉치보다 오래되어"} 원래 색인으로 검색합니다.
          </p>
        ) : null}
      </fieldset>
      {view.model ? (
        <div className="space-y-2 border-t border-line pt-3">
          <div className="grid grid-cols-2 gap-2 text-xs">
            <label>
              <span className="mb-0.5 block text-muted">보강 종류</span>
              <select
                value={kind}
                onChange={(e) => setKind(e.target.value === "atoms" ? "atoms" : "context")}
                data-testid="enrich-kind"
                className="w-full rounded border border-line bg-white px-2 py-1"
              >
                <option value="context">맥락 (맥락 검색)</option>
                <option value="atoms">원자 질문 (PIKE-RAG)</option>
              </select>
            </label>
            <label>
              <span className="mb-0.5 block text-muted">방식</span>
              <select
                value={mode}
                onChange={(e) => setMode(e.target.value === "batch" ? "batch" : "live")}
                data-testid="enrich-mode"
                className="w-full rounded border border-line bg-white px-2 py-1"
              >
                <option value="live">실시간</option>
                <option value="batch">배치 API (더 저렴, 몇 시간)</option>
              </select>
            </label>
          </div>
          <button
            type="button"
            disabled={pending || active}
            onClick={() => run(() => startEnrichmentAction({ corpusId, kind, mode }))}
            className="w-full rounded-md bg-accent px-4 py-2 text-sm text-white disabled:opacity-50"
            data-testid="enrich-start"
          >
            보강 시작
          </button>
          {retryable.map((k) => (
            <button
              key={k}
              type="button"
              disabled={pending || active}
              onClick={() => run(() => startEnrichmentAction({ corpusId, kind: k, retryOnly: true }))}
              className="w-full rounded-md border border-line px-4 py-2 text-sm disabled:opacity-50"
              data-testid={`enrich-retry-${k}`}
            >
              {KIND_TEXT[k]}: 실패한 청크 {number.format(view[k].failed)}개 다시 시도
            </button>
          ))}
          <p className="text-xs text-muted" data-testid="enrich-prices">
            모델 {view.model} ·{" "}
            {priced
              ? `가격(100만 토큰당) 입력 ${money(prices.input)}${prices.cachedInput !== null ? `, 캐시 입력 ${money(prices.cachedInput)}` : ""}, 출력 ${money(prices.output)}, 배치 ×${prices.batchDiscount}`
              : "가격이 설정되지 않아 비용은 0으로 표시됩니다(ENRICH_PRICE_INPUT_PER_1M 등)."}
          </p>
        </div>
      ) : (
        <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="enrich-no-model">
          언어 모델(LLM_BASE_URL과 ENRICH_MODEL 또는 LLM_MODEL)이 설정되어 있지 않아 보강할 수 없습니다.
        </p>
      )}
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="enrich-error">
          {error}
        </p>
      ) : null}
      {job ? (
        <div className="border-t border-line pt-3">
          <EnrichmentProgress
            job={job}
            onCancel={() => control(cancelJobAction)}
            onResume={() => control(resumeJobAction)}
          />
        </div>
      ) : null}
    </section>
  );
}
