// oidc-provider ships no types (and @types/oidc-provider is not installed): the little the e2e
// provider uses (e2e/oidc-provider.ts), typed by hand.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
