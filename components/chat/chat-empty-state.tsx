import Link from "next/link";

const STEPS = [
  ["분석 질의", "법률 분석가 역할의 모델이 핵심 쟁점과 법률 용어를 뽑습니다."],
  ["근거 질의", "판사 역할의 모델이 가상의 판결 이유를 작성해 검색에 씁니다."],
  ["판례 검색", "세 질의로 키워드·의미 검색을 함께 돌리고, 순위를 합친 뒤 다시 정렬합니다."],
  ["답변", "검색된 판례만 근거로 답하고, 사건번호마다 원문으로 연결합니다."],
] as const;

/**
 * A new chat: how questions are answered — or, on an install with no decisions yet, that there is
 * nothing to search (a lawyer asks an admin; an admin is pointed to the import).
 */
export function ChatEmptyState({ noCorpus, role }: { noCorpus: boolean; role: "admin" | "lawyer" }) {
  return (
    <div className="mx-auto max-w-2xl pt-2 sm:pt-6" data-testid="chat-empty">
      {noCorpus ? (
        <div className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="no-corpus">
          <h1 className="font-serif text-xl font-semibold">아직 검색할 판례가 없습니다</h1>
          {role === "admin" ? (
            <p className="mt-1 text-sm">
              판례 말뭉치를 가져오면 질문할 수 있습니다.{" "}
              <Link href="/admin/corpora" className="font-medium text-accent underline" data-testid="no-corpus-import">
                관리 → 말뭉치
              </Link>
              에서 판례 파일(폴더, .zip)을 올리세요.
            </p>
          ) : (
            <p className="mt-1 text-sm">
              답변은 가져온 판례에만 근거합니다. 관리자에게 판례 말뭉치를 가져와 달라고 요청해 주세요.
            </p>
          )}
        </div>
      ) : (
        <>
          <h1 className="font-serif text-2xl font-semibold">무엇을 찾고 계신가요?</h1>
          <p className="mt-1 text-muted">질문하시면 이렇게 판례를 찾아 답합니다.</p>
        </>
      )}
      <ol className="mt-5 space-y-2">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="flex gap-3 rounded-lg border border-line bg-white p-3">
            <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent">
              {i + 1}
            </span>
            <span>
              <span className="font-medium">{title}</span>
              <span className="ml-2 text-sm text-muted">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
