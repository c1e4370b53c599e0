// Helper of bench-load.ts (run in the benchmark's environment):
//   <n>      creates n lawyers with a session each and prints their cookies as JSON
//   --count  prints how many questions and answers the database holds
//   --token  prints a new read token of the first lawyer (the assistants' MCP batches)
import "./cli";
import { randomBytes } from "node:crypto";
import { createApiToken } from "../lib/auth/api-tokens";
import { hashToken, SESSION_COOKIE } from "../lib/auth/session";
import { registerUser } from "../lib/auth/users";
import { db } from "../lib/db/client";
import { insertSession } from "../lib/db/sessions";

if (process.argv[2] === "--count") {
  const [user, complete, other] = await Promise.all([
    db().message.count({ where: { role: "user" } }),
    db().message.count({ where: { role: "assistant", status: "complete" } }),
    db().message.count({ where: { role: "assistant", status: { not: "complete" } } }),
  ]);
  console.log(JSON.stringify({ user, complete, other }));
} else if (process.argv[2] === "--token") {
  const user = await db().user.findUniqueOrThrow({ where: { email: "lawyer0@load.test" } });
  const { secret } = await createApiToken(user, { name: "부하 시험 비서", scope: "read", days: 1 });
  console.log(JSON.stringify(secret));
} else {
  const n = Number(process.argv[2] ?? 1);
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = await registerUser({
      email: `lawyer${i}@load.test`,
      name: `변호사${i}`,
      role: "lawyer",
      password: `load-password-${i}`,
    });
    const token = randomBytes(32).toString("base64url");
    await insertSession({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    cookies.push(`${SESSION_COOKIE}=${token}`);
  }
  console.log(JSON.stringify(cookies));
}
