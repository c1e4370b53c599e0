"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { failure } from "@/lib/errors";
import { cancelEvaluation, resumeEvaluation } from "@/lib/eval/eval-jobs";
import { auditBy, currentUser } from "../../../(auth)/auth";

const evalId = z.string().min(1).max(64);

export async function cancelEvalAction(id: string): Promise<{ error?: string }> {
  try {
    const admin = requireAdmin(await currentUser());
    const parsed = evalId.safeParse(id);
    if (!parsed.success) return { error: "잘못된 요청입니다." };
    await cancelEvaluation(parsed.data, await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/eval/${id}`);
  return {};
}

export async function resumeEvalAction(id: string): Promise<{ error?: string }> {
  try {
    const admin = requireAdmin(await currentUser());
    const parsed = evalId.safeParse(id);
    if (!parsed.success) return { error: "잘못된 요청입니다." };
    await resumeEvaluation(parsed.data, await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/eval/${id}`);
  return {};
}
