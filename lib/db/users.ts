import { type Db, db } from "./client";

export const ROLES = ["admin", "lawyer"] as const;
export type Role = (typeof ROLES)[number];

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** False while an admin has deactivated the account. */
  active: boolean;
  createdAt: Date;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  deactivatedAt: Date | null;
  createdAt: Date;
}

function toRecord(row: UserRow): UserRecord {
  // Unknown roles in the database get the least privilege rather than crashing the page.
  const role: Role = row.role === "admin" ? "admin" : "lawyer";
  return { id: row.id, email: row.email, name: row.name, role, active: !row.deactivatedAt, createdAt: row.createdAt };
}

export async function findUserByEmail(
  email: string,
  client: Db = db(),
): Promise<(UserRecord & { passwordHash: string }) | null> {
  const row = await client.user.findUnique({ where: { email: email.toLowerCase() } });
  return row ? { ...toRecord(row), passwordHash: row.passwordHash } : null;
}

export async function findUserById(id: string, client: Db = db()): Promise<UserRecord | null> {
  const row = await client.user.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

export async function createUser(
  input: { email: string; name: string; role: Role; passwordHash: string },
  client: Db = db(),
): Promise<UserRecord> {
  const row = await client.user.create({ data: { ...input, email: input.email.toLowerCase() } });
  return toRecord(row);
}

export async function listUsers(client: Db = db()): Promise<UserRecord[]> {
  const rows = await client.user.findMany({ orderBy: { createdAt: "asc" } });
  return rows.map(toRecord);
}

export async function countAdmins(client: Db = db()): Promise<number> {
  return client.user.count({ where: { role: "admin" } });
}

export async function updateUserPassword(id: string, passwordHash: string, client: Db = db()): Promise<void> {
  await client.user.update({ where: { id }, data: { passwordHash } });
}
