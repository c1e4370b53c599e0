"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/auth/session";
import { newUserSchema, registerUser } from "@/lib/auth/users";
import { failure } from "@/lib/errors";
import { currentUser } from "../../../(auth)/auth";

export interface CreateUserState {
  ok?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
}

export async function createUserAction(_prev: CreateUserState, formData: FormData): Promise<CreateUserState> {
  try {
    // Server-side authorization: the form is hidden from non-admins, but the action is callable by anyone.
    requireAdmin(await currentUser());
    const parsed = newUserSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return { error: "입력값을 확인해 주세요.", fieldErrors };
    }
    await registerUser(parsed.data);
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath("/admin/users");
  return { ok: true };
}
