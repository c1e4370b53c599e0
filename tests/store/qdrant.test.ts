import { describe } from "vitest";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { defineStoreContract } from "./contract";

// Needs a Qdrant server (docker compose up qdrant): QDRANT_URL=http://localhost:6333 npm run test:unit
const url = process.env.QDRANT_URL;
const collection = `contract_${Date.now()}`;

describe.skipIf(!url)("Qdrant backend (QDRANT_URL set)", () => {
  defineStoreContract(
    "qdrant",
    async () => new QdrantStore({ url: url ?? "", apiKey: process.env.QDRANT_API_KEY, collection, denseSize: 4 }),
  );
});
