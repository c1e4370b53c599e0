"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser, SESSION_COOKIE } from "@/lib/auth/session";
import { changePassword } from "@/lib/auth/users";
import { env } from "@/lib/env";
import { failure } from "@/lib/errors";
import { currentUser } from "../../(auth)/auth";

const schema = z
  .object({ current: z.string().min(1, "현재 비밀번호를 입력해 주세요."), next: z.string(), confirm: z.string() })
  .refine((v) => v.next === v.confirm, { message: "새 비밀번호가 서로 다릅니다.", path: ["confirm"] });

export async function changePasswordAction(_prev: { error?: string }, formData: FormData): Promise<{ error?: string }> {
  try {
    const user = requireUser(await currentUser());
    const parsed = schema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return { error: parsed.error.issues[0]?.message };
    const ip = clientIp(await headers(), env().TRUST_PROXY);
    await changePassword(user.id, user.email, parsed.data.current, parsed.data.next, { ip });
  } catch (error) {
    return { error: failure(error).message };
  }
  // Every session of the user was ended; sign in again with the new password.
  (await cookies()).delete(SESSION_COOKIE);
  redirect("/login");
}
