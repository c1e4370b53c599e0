"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser } from "@/lib/auth/session";
import { changePassword } from "@/lib/auth/users";
import { env } from "@/lib/env";
import { failure } from "@/lib/errors";
import { currentUser, setSessionCookie } from "../../(auth)/auth";

const schema = z
  .object({ current: z.string().min(1, "현재 비밀번호를 입력해 주세요."), next: z.string(), confirm: z.string() })
  .refine((v) => v.next === v.confirm, { message: "새 비밀번호가 서로 다릅니다.", path: ["confirm"] });

export interface ChangePasswordState {
  error?: string;
  ok?: boolean;
}

export async function changePasswordAction(
  _prev: ChangePasswordState,
  formData: FormData,
): Promise<ChangePasswordState> {
  try {
    const user = requireUser(await currentUser());
    const parsed = schema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return { error: parsed.error.issues[0]?.message };
    const headerList = await headers();
    // Every session of the user ends; this device gets a new one and stays signed in.
    const session = await changePassword(user.id, user.email, parsed.data.current, parsed.data.next, {
      ip: clientIp(headerList, env().TRUST_PROXY),
      userAgent: headerList.get("user-agent") ?? undefined,
    });
    await setSessionCookie(session);
  } catch (error) {
    return { error: failure(error).message };
  }
  return { ok: true };
}
