import { describe, expect, it } from "vitest";
import { apiTokenRows } from "@/lib/auth/api-token-rows";

describe("the token list's rows", () => {
  it("shows Korean dates and times (오전/오후, Seoul time), never AM/PM", () => {
    const [row] = apiTokenRows(
      [
        {
          id: "t1",
          userId: "u1",
          name: "문서 시스템",
          prefix: "rar_abc",
          scope: "read",
          // 00:05 UTC is 오전 9:05 in Seoul; 15:30 UTC is already the next day there.
          createdAt: new Date("2031-03-02T15:30:00Z"),
          expiresAt: new Date("2031-06-01T00:00:00Z"),
          lastUsedAt: new Date("2031-03-04T00:05:00Z"),
          revokedAt: null,
        },
      ],
      new Date("2031-03-05T00:00:00Z"),
    );
    expect(row?.createdAt).toBe("2031. 3. 3.");
    expect(row?.expiresAt).toBe("2031. 6. 1.");
    expect(row?.lastUsedAt).toBe("2031. 3. 4. 오전 9:05");
    expect(row?.lastUsedAt).not.toMatch(/AM|PM/);
    expect(row?.state).toBe("live");
  });
});
