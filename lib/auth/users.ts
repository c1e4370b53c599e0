import { z } from "zod";
import { recordAudit } from "../db/audit";
import { endUserSessions } from "../db/sessions";
import { countAdmins, createUser, findUserByEmail, ROLES, type UserRecord, updateUserPassword } from "../db/users";
import { AppError } from "../errors";
import { generatePassword, hashPassword, verifyPassword } from "./password";
import { passwordLimiter } from "./rate-limit";
import { startSession } from "./session";

export const newUserSchema = z.object({
  email: z.email("올바른 이메일 주소를 입력해 주세요.").transform((v) => v.toLowerCase()),
  name: z.string().trim().min(1, "이름을 입력해 주세요.").max(100),
  role: z.enum(ROLES),
  password: z.string().min(10, "비밀번호는 10자 이상이어야 합니다.").max(200),
});

export async function registerUser(input: z.input<typeof newUserSchema>): Promise<UserRecord> {
  const data = newUserSchema.parse(input);
  if (await findUserByEmail(data.email)) throw new AppError("auth:email_taken");
  return createUser({
    email: data.email,
    name: data.name,
    role: data.role,
    passwordHash: await hashPassword(data.password),
  });
}

/**
 * Creates the first admin when none exists. Uses the given password, or generates one that the
 * caller prints once. Returns null when an admin already exists (nothing is changed).
 */
export async function ensureFirstAdmin(
  email: string,
  password?: string,
): Promise<{ email: string; password?: string } | null> {
  if ((await countAdmins()) > 0) return null;
  const generated = password ? undefined : generatePassword();
  await registerUser({ email, name: "관리자", role: "admin", password: password ?? (generated as string) });
  return { email, password: generated };
}

/**
 * Changes a signed-in user's password after checking the current one. That check is a password
 * guess like a sign-in (a stolen session could try passwords here), so it is held to the same
 * limits (lib/auth/rate-limit.ts), counted before verifying. Every session of the user ends (other
 * devices say why on their next request) and a new one is returned for the device that made the
 * change, so the user stays signed in there: having just proven the password, being sent to the
 * sign-in page without a word read as an error.
 */
export async function changePassword(
  userId: string,
  email: string,
  current: string,
  next: string,
  options: {
    ip?: string;
    userAgent?: string;
    now?: Date;
    verify?: (password: string, stored: string) => Promise<boolean>;
  } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const parsed = newUserSchema.shape.password.safeParse(next);
  if (!parsed.success) throw new AppError("bad_request:input", { userMessage: parsed.error.issues[0]?.message });
  const now = options.now ?? new Date();
  const attempt = await passwordLimiter.begin(email, options.ip ?? "unknown", now.getTime(), "confirm_password");
  let valid: boolean;
  try {
    const found = await findUserByEmail(email);
    valid = !!found && found.id === userId && (await (options.verify ?? verifyPassword)(current, found.passwordHash));
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!valid) {
    await attempt.failed();
    throw new AppError("auth:invalid_credentials", { userMessage: "현재 비밀번호가 올바르지 않습니다." });
  }
  await attempt.succeeded();
  await updateUserPassword(userId, await hashPassword(next));
  // Signing out every other device is what a user expects after a password change.
  const ended = await endUserSessions(userId, "password_changed", now);
  const session = await startSession(userId, { userAgent: options.userAgent, now });
  await recordAudit({
    actor: { id: userId, email },
    action: "auth.password_change",
    target: { kind: "user", id: userId, label: email },
    detail: ended > 1 ? `다른 로그인 ${ended - 1}개 종료` : "",
    ip: options.ip,
    now,
  });
  return session;
}
