"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { adminCreateUser, changeUserRole, deleteUser, resetUserPassword, setUserActive } from "@/lib/auth/user-admin";
import { newUserSchema } from "@/lib/auth/users";
import { ROLES } from "@/lib/db/users";
import { type ActionResult, failure } from "@/lib/errors";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser, requestIp } from "../../../(auth)/auth";

// Every action checks on the server that an admin calls it (lib/auth/user-admin.ts again), and
// every change is written to the audit list with it, with the address it came from.

/** The signed-in user with this request's address (null when nobody is signed in: refused later). */
async function acting() {
  const user = await currentUser();
  return user ? { ...user, ip: await requestIp() } : null;
}

export interface CreateUserState {
  ok?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
}

const userId = z.string().min(1).max(64);

export async function createUserAction(_prev: CreateUserState, formData: FormData): Promise<CreateUserState> {
  try {
    // Server-side authorization: the form is hidden from non-admins, but the action is callable by anyone.
    const admin = requireAdmin(await acting());
    const parsed = newUserSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return { error: "입력값을 확인해 주세요.", fieldErrors };
    }
    await adminCreateUser(admin, parsed.data);
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath("/admin/users");
  return { ok: true };
}

/** Returns the new one-time password: shown to the admin once, stored only as a hash. */
export async function resetPasswordAction(id: string): Promise<ActionResult<{ password: string }>> {
  return actionResult(async () => {
    const { password } = await resetUserPassword(await acting(), parseInput(userId, id));
    return { password };
  });
}

export async function setActiveAction(id: string, active: boolean): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await setUserActive(await acting(), parseInput(userId, id), parseInput(z.boolean(), active));
    revalidatePath("/admin/users");
    return null;
  });
}

export async function changeRoleAction(id: string, role: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await changeUserRole(await acting(), parseInput(userId, id), parseInput(z.enum(ROLES), role));
    revalidatePath("/admin/users");
    return null;
  });
}

export async function deleteUserAction(id: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await deleteUser(await acting(), parseInput(userId, id));
    revalidatePath("/admin/users");
    return null;
  });
}
