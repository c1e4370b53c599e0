import type { Role } from "../db/users";
import { type Env, env } from "../env";

/** Single sign-on as configured in `.env` (docs/configuration.md "Single sign-on"). */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  displayName: string;
  scopes: string;
  /** The role of an account created at its first SSO sign-in; null: no account is created. */
  defaultRole: Role | null;
  roleClaim?: string;
  adminValues: string[];
  lawyerValues: string[];
  trustEmail: boolean;
  ssoOnly: boolean;
  /** Lower-case; the one account that keeps password sign-in in SSO-only mode. */
  breakGlassEmail: string;
}

/** The settings, or null when single sign-on is not configured. */
export function ssoSettings(settings: Env = env()): SsoSettings | null {
  if (!settings.OIDC_ISSUER_URL || !settings.OIDC_CLIENT_ID) return null;
  return {
    issuer: settings.OIDC_ISSUER_URL,
    clientId: settings.OIDC_CLIENT_ID,
    clientSecret: settings.OIDC_CLIENT_SECRET,
    displayName: settings.OIDC_DISPLAY_NAME,
    scopes: settings.OIDC_SCOPES,
    defaultRole: settings.OIDC_DEFAULT_ROLE === "none" ? null : settings.OIDC_DEFAULT_ROLE,
    roleClaim: settings.OIDC_ROLE_CLAIM,
    adminValues: settings.OIDC_ADMIN_VALUES,
    lawyerValues: settings.OIDC_LAWYER_VALUES,
    trustEmail: settings.OIDC_TRUST_EMAIL,
    ssoOnly: settings.SSO_ONLY,
    breakGlassEmail: (settings.SSO_BREAK_GLASS_EMAIL ?? settings.ADMIN_EMAIL).toLowerCase(),
  };
}

/** What the sign-in page offers. */
export function signInOptions(settings: Env = env()): { sso: { displayName: string } | null; ssoOnly: boolean } {
  const sso = ssoSettings(settings);
  return { sso: sso ? { displayName: sso.displayName } : null, ssoOnly: !!sso?.ssoOnly };
}

/** In SSO-only mode only the break-glass account may sign in with a password (checked on the server). */
export function passwordSignInAllowed(email: string, settings: Env = env()): boolean {
  const sso = ssoSettings(settings);
  return !sso?.ssoOnly || email.trim().toLowerCase() === sso.breakGlassEmail;
}

/** A claim's values as strings: a list (groups, roles) or one value. */
function claimValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

/**
 * The role a sign-in's claims give: undefined when no role claim is configured (roles stay as set
 * in the app), "refused" when OIDC_LAWYER_VALUES names the groups allowed in and none matches.
 * Admin values win over lawyer values.
 */
export function roleFromClaims(claims: Record<string, unknown>, sso: SsoSettings): Role | "refused" | undefined {
  if (!sso.roleClaim) return undefined;
  const values = claimValues(claims[sso.roleClaim]);
  if (values.some((v) => sso.adminValues.includes(v))) return "admin";
  if (values.some((v) => sso.lawyerValues.includes(v))) return "lawyer";
  return sso.lawyerValues.length > 0 ? "refused" : "lawyer";
}
