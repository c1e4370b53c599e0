import { ChatSidebar } from "@/components/chat-sidebar";
import { StatusPanel } from "@/components/status-panel";
import { getComponentStatuses } from "@/lib/ai/status";
import { listChats } from "@/lib/db/chats";
import { requirePageUser } from "../(auth)/auth";

export const dynamic = "force-dynamic";

const STEPS = [
  ["질문", "사실관계와 쟁점을 자연스럽게 적어 주세요."],
  ["분석 질의", "법률 분석가 역할의 모델이 핵심 쟁점과 법률 용어를 뽑습니다."],
  ["근거 질의", "판사 역할의 모델이 가상의 판결 이유를 작성해 검색에 씁니다."],
  ["판례 검색", "세 질의로 키워드·의미 검색을 함께 돌리고, 순위를 합친 뒤 다시 정렬합니다."],
  ["답변", "검색된 판례만 근거로 답하고, 사건번호마다 원문으로 연결합니다."],
] as const;

export default async function HomePage() {
  const user = await requirePageUser();
  const [chats, statuses] = await Promise.all([listChats(user.id), getComponentStatuses()]);
  return (
    <>
      <ChatSidebar chats={chats} />
      <main className="flex flex-1 flex-col gap-6 p-6 lg:flex-row">
        <section className="flex-1">
          <h1 className="font-serif text-2xl font-semibold">무엇을 찾고 계신가요?</h1>
          <p className="mt-1 text-muted">질문에 답하기 위해 판례를 이렇게 찾습니다.</p>
          <ol className="mt-6 space-y-3">
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
        </section>
        <div className="w-full lg:w-80">
          <StatusPanel statuses={statuses} />
        </div>
      </main>
    </>
  );
}
