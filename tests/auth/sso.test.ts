import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "@/lib/auth/session";
import { refusalReason } from "@/lib/auth/sso";
import { clearProviderCache, providerConfig } from "@/lib/auth/sso-client";
import { passwordSignInAllowed, roleFromClaims, ssoSettings } from "@/lib/auth/sso-settings";
import { openTransaction, type SsoTransaction, sealTransaction, transactionKey } from "@/lib/auth/sso-transaction";
import { registerUser } from "@/lib/auth/users";
import { listAuditEntries } from "@/lib/db/audit";
import { type EnvError, parseEnv, resetEnvCache } from "@/lib/env";
import { useTestDatabase } from "../support/test-db";

// The browser flow through a real provider is e2e/sso.spec.ts; these are the rules beneath it.

const OIDC = {
  OIDC_ISSUER_URL: "https://login.firm.example/realms/firm",
  OIDC_CLIENT_ID: "rar",
  OIDC_CLIENT_SECRET: "s3cret",
};

describe("SSO settings", () => {
  it("are off until an issuer and a client id are set, and refuse what cannot work", () => {
    expect(ssoSettings(parseEnv({}))).toBeNull();
    const sso = ssoSettings(parseEnv({ ...OIDC, OIDC_ADMIN_VALUES: " rar-admins ,, partners" }));
    expect(sso?.adminValues).toEqual(["rar-admins", "partners"]);
    expect(sso?.displayName).toBe("회사 계정");
    expect(sso?.breakGlassEmail).toBe("admin@example.com");
    const invalid = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return [];
      } catch (error) {
        return (error as EnvError).variables;
      }
    };
    expect(invalid({ OIDC_ISSUER_URL: OIDC.OIDC_ISSUER_URL })).toEqual(["OIDC_CLIENT_ID"]);
    expect(invalid({ ...OIDC, OIDC_ISSUER_URL: "http://login.firm.example" })).toEqual(["OIDC_ISSUER_URL"]);
    expect(invalid({ ...OIDC, OIDC_ISSUER_URL: "http://127.0.0.1:4000" })).toEqual([]);
    expect(invalid({ SSO_ONLY: "true" })).toEqual(["SSO_ONLY"]);
  });

  it("map the role claim: admin values win, lawyer values gate when listed", () => {
    const gated = ssoSettings(
      parseEnv({ ...OIDC, OIDC_ROLE_CLAIM: "groups", OIDC_ADMIN_VALUES: "a", OIDC_LAWYER_VALUES: "l" }),
    );
    const open = ssoSettings(parseEnv({ ...OIDC, OIDC_ROLE_CLAIM: "roles", OIDC_ADMIN_VALUES: "a" }));
    const none = ssoSettings(parseEnv(OIDC));
    if (!gated || !open || !none) throw new Error("settings expected");
    expect(roleFromClaims({ groups: ["l", "a"] }, gated)).toBe("admin");
    expect(roleFromClaims({ groups: ["x", "l"] }, gated)).toBe("lawyer");
    expect(roleFromClaims({ groups: "l" }, gated)).toBe("lawyer");
    expect(roleFromClaims({ groups: ["x"] }, gated)).toBe("refused");
    expect(roleFromClaims({}, gated)).toBe("refused");
    expect(roleFromClaims({ roles: ["x"] }, open)).toBe("lawyer");
    expect(roleFromClaims({ roles: ["a"] }, open)).toBe("admin");
    expect(roleFromClaims({ groups: ["a"] }, none)).toBeUndefined();
  });

  it("allow password sign-in in SSO-only mode to the break-glass account alone", () => {
    const only = parseEnv({ ...OIDC, SSO_ONLY: "true", SSO_BREAK_GLASS_EMAIL: "Root@Firm.test" });
    expect(passwordSignInAllowed(" root@firm.TEST", only)).toBe(true);
    expect(passwordSignInAllowed("lawyer@firm.test", only)).toBe(false);
    expect(passwordSignInAllowed("lawyer@firm.test", parseEnv(OIDC))).toBe(true);
  });
});

describe("the SSO transaction cookie", () => {
  const tx: SsoTransaction = { state: "s", nonce: "n", verifier: "v", next: "/chat", expiresAt: 2_000 };
  const key = transactionKey("secret");

  it("opens what was sealed with the same key, before it expires", () => {
    const sealed = sealTransaction(tx, key);
    expect(openTransaction(sealed, key, 1_000)).toEqual(tx);
    expect(openTransaction(sealed, transactionKey("secret"), 1_000)).toEqual(tx);
    expect(openTransaction(sealed, key, 2_001)).toBeNull();
    expect(openTransaction(sealed, transactionKey("other"), 1_000)).toBeNull();
    expect(openTransaction(undefined, key)).toBeNull();
  });

  it("refuses an altered payload or signature", () => {
    const [, signature] = sealTransaction(tx, key).split(".");
    const forged = Buffer.from(JSON.stringify({ ...tx, state: "attacker" })).toString("base64url");
    expect(openTransaction(`${forged}.${signature}`, key, 1_000)).toBeNull();
    expect(openTransaction(`${forged}.`, key, 1_000)).toBeNull();
    expect(openTransaction("garbage", key, 1_000)).toBeNull();
  });
});

describe("the provider", () => {
  it("unreachable: a clear error, and the failure is not cached", async () => {
    // A port that was free a moment ago: the connection is refused, as for a provider that is down.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const sso = ssoSettings(parseEnv({ ...OIDC, OIDC_ISSUER_URL: `http://127.0.0.1:${port}` }));
    if (!sso) throw new Error("settings expected");
    clearProviderCache();
    const first = providerConfig(sso);
    await expect(first).rejects.toMatchObject({ code: "auth:sso_unavailable" });
    await expect(first).rejects.toHaveProperty("userMessage", expect.stringContaining("연결할 수 없습니다"));
    // Tried again on the next sign-in, not answered from a cached failure.
    const second = providerConfig(sso);
    expect(second).not.toBe(first);
    await expect(second).rejects.toMatchObject({ code: "auth:sso_unavailable" });
  });

  it("refusals are named from openid-client's cause chain", () => {
    const wrapped = (message: string) => new Error("invalid response encountered", { cause: new Error(message) });
    expect(refusalReason(wrapped('unexpected "state" response parameter value'))).toContain("state 값 불일치");
    expect(refusalReason(wrapped('unexpected ID Token "nonce" claim value'))).toContain("nonce 값 불일치");
    expect(refusalReason(Object.assign(new Error("denied"), { error: "access_denied" }))).toContain("access_denied");
    expect(refusalReason(new Error("something else"))).toBe("공급자 응답 확인 실패");
  });
});

describe("password sign-in in SSO-only mode", () => {
  const saved = { ...process.env };

  beforeAll(async () => {
    useTestDatabase();
    await registerUser({ email: "glass@firm.test", name: "비상", role: "admin", password: "glass-password-1" });
    await registerUser({ email: "plain@firm.test", name: "변호", role: "lawyer", password: "plain-password-1" });
    Object.assign(process.env, OIDC, { SSO_ONLY: "true", SSO_BREAK_GLASS_EMAIL: "glass@firm.test" });
    resetEnvCache();
  });

  afterAll(() => {
    for (const name of [...Object.keys(OIDC), "SSO_ONLY", "SSO_BREAK_GLASS_EMAIL"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
  });

  it("is refused on the server for everyone but the break-glass admin, and audited", async () => {
    await expect(signIn("plain@firm.test", "plain-password-1", { ip: "10.0.0.7" })).rejects.toMatchObject({
      code: "auth:sso_only",
    });
    const [entry] = await listAuditEntries({ take: 1 });
    expect(entry).toMatchObject({ action: "auth.sso_refused", actorEmail: "plain@firm.test", target: null });
    expect(entry?.ip).toBe("10.0.0.7");
    const session = await signIn("glass@firm.test", "glass-password-1", { ip: "10.0.0.8" });
    expect(session.user.role).toBe("admin");
  });
});
