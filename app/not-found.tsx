import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="font-serif text-2xl font-semibold">페이지를 찾을 수 없습니다</h1>
      <p className="text-muted">주소가 바뀌었거나 삭제된 항목입니다.</p>
      <Link href="/" className="text-accent underline">
        처음으로
      </Link>
    </main>
  );
}
