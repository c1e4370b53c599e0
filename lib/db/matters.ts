import { AppError } from "../errors";
import { type Db, db } from "./client";

/** A lawyer's folders for cases and clients (사건/의뢰인). Every query is scoped by userId. */

export interface MatterRecord {
  id: string;
  name: string;
  createdAt: Date;
}

const notFound = () => new AppError("not_found:resource", { userMessage: "사건 폴더를 찾을 수 없습니다." });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

const nameTaken = (error: unknown) => {
  throw isUniqueViolation(error) ? new AppError("matters:name_taken", { cause: error }) : error;
};

export async function listMatters(userId: string, client: Db = db()): Promise<MatterRecord[]> {
  return client.matter.findMany({
    where: { userId },
    orderBy: { name: "asc" },
    select: { id: true, name: true, createdAt: true },
  });
}

export async function createMatter(userId: string, name: string, client: Db = db()): Promise<MatterRecord> {
  return client.matter
    .create({ data: { userId, name }, select: { id: true, name: true, createdAt: true } })
    .catch(nameTaken);
}

export async function renameMatter(userId: string, matterId: string, name: string, client: Db = db()): Promise<void> {
  const result = await client.matter.updateMany({ where: { id: matterId, userId }, data: { name } }).catch(nameTaken);
  if (result.count === 0) throw notFound();
}

/** Deletes the folder only: its chats stay, no longer filed under a matter. */
export async function deleteMatter(userId: string, matterId: string, client: Db = db()): Promise<void> {
  await client.$transaction(async (tx) => {
    const result = await tx.matter.deleteMany({ where: { id: matterId, userId } });
    if (result.count === 0) throw notFound();
    await tx.chat.updateMany({ where: { userId, matterId }, data: { matterId: null } });
  });
}
