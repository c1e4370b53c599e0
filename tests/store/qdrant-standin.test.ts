import { afterAll, beforeAll, expect, it } from "vitest";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { type QdrantStandIn, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { defineStoreContract } from "./contract";

let standIn: QdrantStandIn;
beforeAll(async () => {
  standIn = await startQdrantStandIn();
});
afterAll(async () => {
  await standIn.close();
});

defineStoreContract("qdrant stand-in", async () => new QdrantStore({ url: standIn.url, collection: "contract", denseSize: 4 }));

it("sent only requests valid against Qdrant's OpenAPI schema", () => {
  expect(standIn.violations).toEqual([]);
  expect(standIn.requests.length).toBeGreaterThan(10);
});
it("debug", () => { for (const r of standIn.requests.slice(0, 40)) console.log(r.method, r.path, r.operation, JSON.stringify(r.query), JSON.stringify(r.body).slice(0, 300)); });
