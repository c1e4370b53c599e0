import type { ComponentStatus } from "@/lib/ai/status";
import { StatusRecheckButton } from "./status-recheck-button";

const STATE_STYLE: Record<ComponentStatus["state"], { dot: string; label: string }> = {
  active: { dot: "bg-emerald-600", label: "사용 중" },
  degraded: { dot: "bg-amber-500", label: "최근 오류" },
  not_configured: { dot: "bg-stone-400", label: "설정 안 됨" },
  unreachable: { dot: "bg-red-600", label: "연결 불가" },
};

/** Which model and store components are on, and what the app does without the ones that are off. */
export function StatusPanel({ statuses }: { statuses: ComponentStatus[] }) {
  return (
    <section
      aria-labelledby="status-heading"
      className="rounded-xl border border-line bg-white p-4"
      data-testid="status-panel"
    >
      <h2 id="status-heading" className="mb-3 text-sm font-semibold">
        구성 요소 상태
      </h2>
      <ul className="space-y-3">
        {statuses.map((s) => {
          const style = STATE_STYLE[s.state];
          return (
            <li key={s.id} data-testid={`status-${s.id}`} data-state={s.state} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{s.label}</span>
                <span className="flex items-center gap-1.5 text-xs text-muted">
                  <span className={`inline-block h-2 w-2 rounded-full ${style.dot}`} aria-hidden />
                  {style.label}
                </span>
              </div>
              {s.detail ? <p className="mt-0.5 break-all text-xs text-muted">{s.detail}</p> : null}
              {s.note ? (
                <p className="mt-0.5 text-xs text-amber-800" data-testid={`status-${s.id}-note`}>
                  {s.note}
                </p>
              ) : null}
              {s.state !== "active" && s.fallback ? (
                <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">{s.fallback}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* A failed component is re-probed in the background too; the button does it now. */}
      {statuses.some((s) => s.state === "degraded" || s.state === "unreachable") ? <StatusRecheckButton /> : null}
    </section>
  );
}
