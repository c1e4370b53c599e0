import Link from "next/link";

export default function Forbidden() {
  return (
    <main
      className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-3 px-4 text-center"
      data-testid="forbidden"
    >
      <h1 className="font-serif text-2xl font-semibold">접근 권한이 없습니다</h1>
      <p className="text-muted">이 페이지는 관리자만 이용할 수 있습니다. 권한이 필요하면 관리자에게 문의하세요.</p>
      <Link href="/" className="text-accent underline">
        리서치 화면으로 돌아가기
      </Link>
    </main>
  );
}
