// Creates the first admin when there is none (ADMIN_EMAIL, with ADMIN_PASSWORD or a generated
// one-time password printed here once). Optional extra accounts for tests and demos:
//   --user <email>:<password>:<role>[:<name>]   (repeatable; role = admin | lawyer)
//   --reset-admin                               (new one-time password for ADMIN_EMAIL, which
//                                                is made an active admin again if it was not)

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { generatePassword, hashPassword } from "../lib/auth/password";
import { ensureFirstAdmin, registerUser } from "../lib/auth/users";
import { restoreAdminAccess } from "../lib/db/user-admin";
import { findUserByEmail } from "../lib/db/users";
import { env } from "../lib/env";
import { requireDatabase } from "./cli";

function printPassword(email: string, password: string): void {
  const line = "─".repeat(60);
  console.log(
    `\n${line}\n 관리자 계정: ${email}\n 일회용 비밀번호: ${password}\n 이 비밀번호는 다시 표시되지 않습니다. 로그인 후 '계정'에서 바꾸세요.\n${line}\n`,
  );
}

const args = process.argv.slice(2);
const settings = env();
await requireDatabase();

if (args.includes("--reset-admin")) {
  const admin = await findUserByEmail(settings.ADMIN_EMAIL);
  if (!admin) throw new Error(`${settings.ADMIN_EMAIL} 계정이 없습니다.`);
  const password = generatePassword();
  await restoreAdminAccess(admin.id, await hashPassword(password));
  printPassword(admin.email, password);
} else {
  const created = await ensureFirstAdmin(settings.ADMIN_EMAIL, settings.ADMIN_PASSWORD);
  if (!created) console.log("관리자 계정이 이미 있습니다.");
  else if (created.password) printPassword(created.email, created.password);
  else console.log(`최초 관리자 계정을 만들었습니다: ${created.email} (ADMIN_PASSWORD)`);
}

for (let i = 0; i < args.length; i++) {
  if (args[i] !== "--user") continue;
  const [email, password, role, name] = (args[i + 1] ?? "").split(":");
  if (!email || !password || (role !== "admin" && role !== "lawyer")) {
    throw new Error("--user 형식: <email>:<password>:<admin|lawyer>[:<name>]");
  }
  if (await findUserByEmail(email)) continue;
  await registerUser({ email, password, role, name: name || email.split("@")[0] || email });
  console.log(`사용자 추가: ${email} (${role})`);
}
