"use server";

import { recheckComponentStatuses } from "@/lib/ai/status";
import { requireUser } from "@/lib/auth/session";
import { failure } from "@/lib/errors";
import { currentUser } from "../../(auth)/auth";

/** "다시 확인": probes every component that failed now; a success ends its cooldown at once. */
export async function recheckStatusAction(): Promise<{ ok: boolean; message?: string }> {
  try {
    requireUser(await currentUser());
    // The page's refresh reads the fresh statuses (each viewer's own details).
    await recheckComponentStatuses();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}
