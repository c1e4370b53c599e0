import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BackoffCounter } from "@/lib/auth/backoff";
import { verifyPassword } from "@/lib/auth/password";
import { PASSWORD_LIMITS, passwordLimiter } from "@/lib/auth/rate-limit";
import { signIn } from "@/lib/auth/session";
import { changePassword, registerUser } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import { useTestDatabase } from "../support/test-db";

beforeAll(async () => {
  useTestDatabase();
  await registerUser({ email: "target@firm.test", name: "표적", role: "admin", password: "target-password-1" });
  await registerUser({ email: "user2@firm.test", name: "둘", role: "lawyer", password: "user2-password-1" });
});

beforeEach(() => passwordLimiter.clear());

const PASSWORDS = new Set(["target-password-1", "user2-password-1"]);

/**
 * A verifier that counts how many passwords were actually checked: real scrypt, or (where only the
 * count matters and there are many) a quick stand-in that still yields to the event loop.
 */
function countingVerifier({ real = true }: { real?: boolean } = {}) {
  const counter = {
    calls: 0,
    verify: async (password: string, stored: string) => {
      counter.calls += 1;
      if (real) return verifyPassword(password, stored);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return PASSWORDS.has(password);
    },
  };
  return counter;
}
const quick = countingVerifier({ real: false }).verify;

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

function tally(results: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}

describe("back-off counter", () => {
  it("allows the free tries, then blocks for doubling delays up to the cap, and forgets quiet keys", () => {
    const c = new BackoffCounter({
      free: 3,
      baseDelayMs: 1_000,
      maxDelayMs: 4_000,
      decayMs: 600_000,
      forgetAfterMs: 3_600_000,
    });
    const t = 1_000_000;
    for (let i = 0; i < 2; i++) {
      expect(c.retryAfter("k", t)).toBe(0);
      c.add("k", t);
    }
    c.add("k", t); // third failure: the next try waits 1 s
    expect(c.retryAfter("k", t)).toBe(1_000);
    c.add("k", t + 1_000);
    expect(c.retryAfter("k", t + 1_000)).toBe(2_000);
    c.add("k", t + 3_000);
    c.add("k", t + 7_000);
    expect(c.retryAfter("k", t + 7_000)).toBe(4_000); // capped
    expect(c.retryAfter("other", t)).toBe(0);
    expect(c.failures("k", t + 7_000)).toBe(6);
    expect(c.retryAfter("k", t + 7_000 + 3_600_001)).toBe(0);
    expect(c.failures("k", t + 7_000 + 3_600_001)).toBe(0);
    expect(c.size).toBe(0);
  });

  it("forgives one failure per decay period: a budget is a rate, not a count until total quiet", () => {
    const c = new BackoffCounter({
      free: 3,
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      decayMs: 10_000,
      forgetAfterMs: 3_600_000,
    });
    // One failure every 10 s, forever: never blocked.
    for (let i = 0; i < 50; i++) {
      const now = i * 10_000;
      expect(c.retryAfter("office", now)).toBe(0);
      c.add("office", now);
    }
    expect(c.failures("office", 490_000)).toBeLessThanOrEqual(2);
    // Three at once exhaust the free tries; 20 s later two are forgiven.
    c.add("burst", 0);
    c.add("burst", 0);
    c.add("burst", 0);
    expect(c.retryAfter("burst", 0)).toBe(1_000);
    expect(c.failures("burst", 20_000)).toBe(1);
  });
});

describe("sign-in limits", () => {
  it("20 parallel wrong passwords for one account from one IP: only the budget is verified", async () => {
    const counter = countingVerifier();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcome(signIn("target@firm.test", "wrong-guess", { ip: "203.0.113.9", now, verify: counter.verify })),
      ),
    );
    expect(counter.calls).toBe(PASSWORD_LIMITS.pair.free);
    expect(tally(results)).toEqual({
      "auth:invalid_credentials": PASSWORD_LIMITS.pair.free,
      "auth:rate_limited": 20 - PASSWORD_LIMITS.pair.free,
    });

    // The attacker's address waits; the real user on another address is not held up at all.
    await expect(
      signIn("target@firm.test", "target-password-1", { ip: "203.0.113.9", now, verify: counter.verify }),
    ).rejects.toMatchObject({ code: "auth:rate_limited" });
    const real = await signIn("target@firm.test", "target-password-1", { ip: "198.51.100.7", now });
    expect(real.user.email).toBe("target@firm.test");
  });

  it("the refusal says when to retry, and the attacker's own back-off grows", async () => {
    const now = Date.now();
    const ip = "203.0.113.10";
    for (let i = 0; i < PASSWORD_LIMITS.pair.free; i++) {
      await outcome(signIn("target@firm.test", "wrong", { ip, now: new Date(now) }));
    }
    const first = await signIn("target@firm.test", "wrong", { ip, now: new Date(now) }).catch((e) => e);
    expect(first).toBeInstanceOf(AppError);
    expect(first.code).toBe("auth:rate_limited");
    expect(first.userMessage).toMatch(/^로그인 시도가 너무 많습니다\. 1초 후에 다시 시도해 주세요\.$/);
    // After the first delay one more guess is verified, then the wait doubles.
    expect(await outcome(signIn("target@firm.test", "wrong", { ip, now: new Date(now + 1_000) }))).toBe(
      "auth:invalid_credentials",
    );
    const second = await signIn("target@firm.test", "wrong", { ip, now: new Date(now + 1_000) }).catch((e) => e);
    expect(second.userMessage).toContain("2초 후");
  });

  it("a success resets the (account, IP) counter", async () => {
    const now = new Date();
    const ip = "192.0.2.44";
    for (let i = 0; i < PASSWORD_LIMITS.pair.free - 1; i++) {
      await outcome(signIn("user2@firm.test", "typo", { ip, now }));
    }
    await signIn("user2@firm.test", "user2-password-1", { ip, now });
    for (let i = 0; i < PASSWORD_LIMITS.pair.free - 1; i++) {
      expect(await outcome(signIn("user2@firm.test", "typo", { ip, now }))).toBe("auth:invalid_credentials");
    }
  });

  it("one IP spraying many accounts is held to the per-IP budget", async () => {
    const counter = countingVerifier({ real: false });
    const now = new Date();
    const ip = "203.0.113.50";
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        outcome(signIn(`victim${i}@firm.test`, "Password1!", { ip, now, verify: counter.verify })),
      ),
    );
    expect(counter.calls).toBe(PASSWORD_LIMITS.ip.free);
    expect(tally(results)["auth:rate_limited"]).toBe(40 - PASSWORD_LIMITS.ip.free);
    // Everyone new from that address waits (2 s first)…
    expect(await outcome(signIn("user2@firm.test", "user2-password-1", { ip, now }))).toBe("auth:rate_limited");
    expect(
      await outcome(signIn("user2@firm.test", "user2-password-1", { ip, now: new Date(now.getTime() + 2_000) })),
    ).toBe("ok");
  });

  it("a user who signed in from an address before is not slowed by others' guessing from it", async () => {
    const now = new Date();
    const ip = "203.0.113.77";
    await signIn("user2@firm.test", "user2-password-1", { ip, now });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => outcome(signIn(`spray${i}@firm.test`, "guess", { ip, now, verify: quick }))),
    );
    expect(await outcome(signIn(`spray-new@firm.test`, "guess", { ip, now }))).toBe("auth:rate_limited");
    expect(await outcome(signIn("user2@firm.test", "user2-password-1", { ip, now }))).toBe("ok");
  });

  it("guessing one account from many IPs hits the account budget, whose delay is capped short", async () => {
    const counter = countingVerifier({ real: false });
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        outcome(signIn("target@firm.test", "wrong", { ip: `10.9.${i}.1`, now: new Date(now), verify: counter.verify })),
      ),
    );
    expect(counter.calls).toBe(PASSWORD_LIMITS.account.free);
    expect(tally(results)["auth:rate_limited"]).toBe(80 - PASSWORD_LIMITS.account.free);
    // Keep guessing for a while: each round after the block ends re-blocks, but never past 60 s.
    let t = now;
    for (let round = 0; round < 12; round++) {
      t += PASSWORD_LIMITS.account.maxDelayMs;
      await outcome(signIn("target@firm.test", "wrong", { ip: `10.8.${round}.1`, now: new Date(t), verify: quick }));
    }
    // The real user from a new address: refused for at most the cap, then in.
    const refusal = await signIn("target@firm.test", "target-password-1", { ip: "198.51.100.99", now: new Date(t) })
      .then(() => null)
      .catch((e) => e);
    expect(refusal?.code).toBe("auth:rate_limited");
    expect(refusal?.userMessage).toMatch(/(\d+초|1분) 후/);
    const later = new Date(t + PASSWORD_LIMITS.account.maxDelayMs);
    expect(await outcome(signIn("target@firm.test", "target-password-1", { ip: "198.51.100.99", now: later }))).toBe(
      "ok",
    );
  });

  it("a database failure during the check is not held against the user", async () => {
    const now = new Date();
    const ip = "192.0.2.200";
    const failing = async () => {
      throw new Error("database is locked");
    };
    for (let i = 0; i < 10; i++) {
      await expect(signIn("user2@firm.test", "user2-password-1", { ip, now, verify: failing })).rejects.toThrow(
        "database is locked",
      );
    }
    expect(await outcome(signIn("user2@firm.test", "user2-password-1", { ip, now }))).toBe("ok");
  });
});

describe("account page: the current-password check", () => {
  it("is limited the same way, counted before verifying", async () => {
    const counter = countingVerifier();
    const user = (await signIn("user2@firm.test", "user2-password-1", { ip: "192.0.2.1" })).user;
    const ip = "203.0.113.5";
    // A fixed clock: five real scrypt checks on a loaded machine can outlast the first 1 s delay.
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcome(changePassword(user.id, user.email, "not-it", "new-password-123", { ip, now, verify: counter.verify })),
      ),
    );
    expect(counter.calls).toBe(PASSWORD_LIMITS.pair.free);
    expect(tally(results)).toEqual({
      "auth:invalid_credentials": PASSWORD_LIMITS.pair.free,
      "auth:rate_limited": 20 - PASSWORD_LIMITS.pair.free,
    });
    const refused = await changePassword(user.id, user.email, "user2-password-1", "new-password-123", {
      ip,
      now,
    }).catch((e) => e);
    expect(refused.code).toBe("auth:rate_limited");
    expect(refused.userMessage).toMatch(/^비밀번호 확인 시도가 너무 많습니다\. \d+초 후에 다시 시도해 주세요\.$/);
    // The guesses there count toward sign-in from that address too: it is the same password.
    expect(await outcome(signIn("user2@firm.test", "user2-password-1", { ip, now }))).toBe("auth:rate_limited");
  });
});
