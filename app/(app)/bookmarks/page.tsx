import type { Metadata } from "next";
import { BookmarkList } from "@/components/bookmarks/bookmark-list";
import { listBookmarks } from "@/lib/db/bookmarks";
import { requirePageUser } from "../../(auth)/auth";

export const metadata: Metadata = { title: "북마크" };
export const dynamic = "force-dynamic";

export default async function BookmarksPage() {
  const user = await requirePageUser();
  const bookmarks = await listBookmarks(user.id);
  return (
    <main className="mx-auto w-full min-w-0 max-w-4xl flex-1 p-4 sm:p-6" data-testid="bookmarks-page">
      <h1 className="font-serif text-2xl font-semibold">북마크</h1>
      <p className="mb-4 mt-1 text-sm text-muted">메모와 함께 남겨 둔 판례 (최근 수정순). 본인만 볼 수 있습니다.</p>
      <BookmarkList bookmarks={bookmarks} />
    </main>
  );
}
