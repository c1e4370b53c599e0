import * as oidc from "openid-client";
import { AppError } from "../errors";
import type { SsoSettings } from "./sso-settings";

/**
 * The provider's side of single sign-on, through openid-client (discovery, the authorization code
 * grant with PKCE, ID-token validation, end-session). Nothing here knows our accounts.
 */

/** Discovery is re-read after this long (a provider rotating endpoints; keys are re-fetched by the library). */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Per request to the provider, in seconds: a lawyer is waiting on the sign-in page. */
const PROVIDER_TIMEOUT_S = 10;

const discovered = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

/** The provider's configuration, discovered from the issuer URL and cached; failures are not cached. */
export function providerConfig(sso: SsoSettings, now = Date.now()): Promise<oidc.Configuration> {
  const key = `${sso.issuer}\0${sso.clientId}\0${sso.clientSecret ?? ""}`;
  const hit = discovered.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = oidc
    .discovery(
      new URL(sso.issuer),
      sso.clientId,
      undefined,
      // Client secret in the form body: the method every provider of the guide accepts.
      sso.clientSecret ? oidc.ClientSecretPost(sso.clientSecret) : oidc.None(),
      {
        timeout: PROVIDER_TIMEOUT_S,
        // lib/env.ts allows http only for a provider on this machine (tests).
        execute: sso.issuer.startsWith("http:") ? [oidc.allowInsecureRequests] : [],
      },
    )
    .catch((error: unknown) => {
      discovered.delete(key);
      throw new AppError("auth:sso_unavailable", { cause: error, detail: `discovery of ${sso.issuer}` });
    });
  discovered.set(key, { config, at: now });
  return config;
}

/** Forgets discovered providers (tests that start a provider on another port). */
export function clearProviderCache(): void {
  discovered.clear();
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

export async function authorizationRequest(sso: SsoSettings, redirectUri: string): Promise<AuthorizationRequest> {
  const config = await providerConfig(sso);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: sso.scopes,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, state, nonce, verifier };
}

export interface ProviderIdentity {
  /** The ID token's claims, with the UserInfo endpoint's added where the token lacked what we need. */
  claims: Record<string, unknown>;
  idToken?: string;
}

/**
 * Exchanges the code: the library checks the state, the PKCE verifier, and the ID token's
 * signature, issuer, audience, expiry and nonce. Claims the ID token lacks (some providers send
 * e-mail and groups only from UserInfo) are fetched there, for the same subject.
 */
export async function exchangeCode(
  sso: SsoSettings,
  callbackUrl: URL,
  checks: { state: string; nonce: string; verifier: string },
  neededClaims: string[],
): Promise<ProviderIdentity> {
  const config = await providerConfig(sso);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.verifier,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error("no ID token in the token response");
  const missing = neededClaims.some((name) => idClaims[name] === undefined);
  if (!missing || !config.serverMetadata().userinfo_endpoint)
    return { claims: { ...idClaims }, idToken: tokens.id_token };
  // The ID token's own claims win; UserInfo only fills the gaps (checked to be about the same subject).
  const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  return { claims: { ...info, ...idClaims }, idToken: tokens.id_token };
}

/** The provider's sign-out address, or null when it offers no end_session_endpoint (Google). */
export async function endSessionUrl(
  sso: SsoSettings,
  postLogoutRedirectUri: string,
  idToken: string | undefined,
): Promise<string | null> {
  const config = await providerConfig(sso);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, {
    post_logout_redirect_uri: postLogoutRedirectUri,
    client_id: sso.clientId,
    ...(idToken ? { id_token_hint: idToken } : {}),
  }).href;
}
