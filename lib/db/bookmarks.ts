import { type Db, db } from "./client";

/** Precedents a lawyer keeps, with a note; one per decision (case number). Scoped by userId. */

export interface BookmarkRecord {
  id: string;
  caseNo: string;
  corpusId: string | null;
  caseName: string;
  court: string;
  decisionDate: string;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface BookmarkInput {
  caseNo: string;
  corpusId?: string | null;
  caseName?: string;
  court?: string;
  decisionDate?: string;
  note: string;
}

const SELECT = {
  id: true,
  caseNo: true,
  corpusId: true,
  caseName: true,
  court: true,
  decisionDate: true,
  note: true,
  createdAt: true,
  updatedAt: true,
} as const;

export async function listBookmarks(userId: string, client: Db = db()): Promise<BookmarkRecord[]> {
  return client.bookmark.findMany({ where: { userId }, orderBy: { updatedAt: "desc" }, select: SELECT });
}

export async function findBookmark(userId: string, caseNo: string, client: Db = db()): Promise<BookmarkRecord | null> {
  return client.bookmark.findUnique({ where: { userId_caseNo: { userId, caseNo } }, select: SELECT });
}

/** Bookmarks the decision, or updates the note of an existing bookmark. */
export async function saveBookmark(userId: string, input: BookmarkInput, client: Db = db()): Promise<BookmarkRecord> {
  const details = {
    // Details already kept are not blanked by a caller that does not know them.
    ...(input.corpusId ? { corpusId: input.corpusId } : {}),
    ...(input.caseName ? { caseName: input.caseName } : {}),
    ...(input.court ? { court: input.court } : {}),
    ...(input.decisionDate ? { decisionDate: input.decisionDate } : {}),
  };
  return client.bookmark.upsert({
    where: { userId_caseNo: { userId, caseNo: input.caseNo } },
    create: { userId, caseNo: input.caseNo, note: input.note, ...details },
    update: { note: input.note, ...details },
    select: SELECT,
  });
}

export async function deleteBookmark(userId: string, caseNo: string, client: Db = db()): Promise<boolean> {
  const result = await client.bookmark.deleteMany({ where: { userId, caseNo } });
  return result.count > 0;
}
