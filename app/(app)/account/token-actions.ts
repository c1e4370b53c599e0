"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { createApiToken, revokeToken } from "@/lib/auth/api-tokens";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser } from "@/lib/auth/session";
import { API_TOKEN_SCOPES } from "@/lib/db/api-tokens";
import { env } from "@/lib/env";
import { failure } from "@/lib/errors";
import { currentUser } from "../../(auth)/auth";

const createSchema = z.object({
  name: z.string().trim().min(1, "토큰 이름을 입력해 주세요.").max(80, "토큰 이름은 80자 이내로 입력해 주세요."),
  scope: z.enum(API_TOKEN_SCOPES, { message: "권한을 골라 주세요." }),
  days: z.coerce.number().int().min(1, "기간은 1일 이상이어야 합니다."),
});

export type CreateTokenResult = { error?: string; secret?: string; name?: string };

/** Makes a personal API token; the secret is returned once, here, and never again. */
export async function createTokenAction(_prev: CreateTokenResult, formData: FormData): Promise<CreateTokenResult> {
  try {
    const user = requireUser(await currentUser());
    const parsed = createSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return { error: parsed.error.issues[0]?.message };
    if (parsed.data.days > env().API_TOKEN_MAX_DAYS) {
      return { error: `기간은 ${env().API_TOKEN_MAX_DAYS}일을 넘을 수 없습니다.` };
    }
    const ip = clientIp(await headers(), env().TRUST_PROXY);
    const made = await createApiToken(user, parsed.data, { ip });
    return { secret: made.secret, name: made.token.name };
  } catch (error) {
    return { error: failure(error).message };
  }
}

/** Revokes one of the user's tokens (an admin: anyone's). */
export async function revokeTokenAction(tokenId: string): Promise<{ ok: boolean; message?: string }> {
  try {
    const user = requireUser(await currentUser());
    const id = z.string().min(1).max(64).parse(tokenId);
    await revokeToken(user, id, { ip: clientIp(await headers(), env().TRUST_PROXY) });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}
