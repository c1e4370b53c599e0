import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { resolveSession, SESSION_COOKIE } from "@/lib/auth/session";
import type { UserRecord } from "@/lib/db/users";

/** The signed-in user of this request (memoised per request), or null. */
export const currentUser = cache(async (): Promise<UserRecord | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return resolveSession(token);
});

/** For pages: redirect to the sign-in form when nobody is signed in. */
export async function requirePageUser(): Promise<UserRecord> {
  const user = await currentUser();
  if (!user) redirect("/login");
  return user;
}

/** For admin pages: a signed-in non-admin gets a 403 page, decided on the server. */
export async function requirePageAdmin(): Promise<UserRecord> {
  const user = await requirePageUser();
  if (user.role !== "admin") forbidden();
  return user;
}
