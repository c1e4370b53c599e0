import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID provider (panva's oidc-provider) for the SSO e2e test, on a free port of this
 * machine. Its own login and consent pages (devInteractions) accept any password: the login name
 * picks one of `accounts`, whose claims the test sets and may change between sign-ins.
 */

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
}

export const E2E_OIDC_CLIENT = { id: "rar-e2e", secret: "e2e-client-secret-not-for-production" } as const;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startOidcProvider(
  appUrl: string,
  accounts: Map<string, TestAccount>,
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC_CLIENT.id,
        client_secret: E2E_OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/api/auth/sso/callback`],
        post_logout_redirect_uris: [`${appUrl}/login`],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    cookies: { keys: ["e2e-cookie-key"] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
