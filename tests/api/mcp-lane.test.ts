import { describe, expect, it } from "vitest";
import type { ApiContext } from "@/lib/api/guard";
import { safe } from "@/lib/api/mcp-tool";

/**
 * The calls of one MCP request (a batch) run one after another, each after a turn of the event
 * loop; another request's calls are not held behind them. (The batch over real HTTP, with every
 * call answered, is in body-limits.test.ts.)
 */
const contextOf = (name: string) =>
  ({ caller: { name }, ip: "127.0.0.1", baseUrl: "http://localhost" }) as unknown as ApiContext;

function recorder() {
  const events: string[] = [];
  const tool = (context: ApiContext, fail = false) =>
    safe(context, "search_precedents", async (id: string) => {
      events.push(`start ${id}`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`end ${id}`);
      if (fail) throw new Error("boom");
      return { content: [{ type: "text" as const, text: id }] };
    });
  return { events, tool };
}

describe("an MCP request's calls run in one lane", () => {
  it("runs a batch's calls one at a time, in order, and a failed call does not stop the next", async () => {
    const { events, tool } = recorder();
    const context = contextOf("a");
    const results = await Promise.all([tool(context)("1"), tool(context, true)("2"), tool(context)("3")]);
    expect(events).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
    expect(results.map((r) => r.isError ?? false)).toEqual([false, true, false]);
  });

  it("lets other requests' calls and the event loop run between a batch's calls", async () => {
    const { events, tool } = recorder();
    const a = contextOf("a");
    const b = contextOf("b");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await Promise.all([tool(a)("a1"), tool(a)("a2"), tool(b)("b1")]);
    clearInterval(timer);
    // b's call started before a's second: requests are not queued behind each other.
    expect(events.indexOf("start b1")).toBeLessThan(events.indexOf("start a2"));
    expect(ticks).toBeGreaterThan(0);
  });
});
