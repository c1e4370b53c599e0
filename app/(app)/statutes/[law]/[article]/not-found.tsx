import Link from "next/link";

/** An article no imported statute holds (or an address that is no article): said plainly. */
export default function StatuteNotFound() {
  return (
    <main
      className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 px-4 text-center"
      data-testid="statute-not-found"
    >
      <h1 className="font-serif text-2xl font-semibold">가져온 법령에 없는 조문입니다</h1>
      <p className="text-muted">법령 이름과 조문 번호(예: 민법 제750조)를 확인해 주세요.</p>
      <Link href="/" className="text-accent underline">
        처음으로
      </Link>
    </main>
  );
}
