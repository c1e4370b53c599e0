// A second server process for the shared rate limits: takes API requests (or sign-in attempts) on
// DATABASE_URL's database after a go signal, and prints how many were let in and refused.
import { takeApiRequest } from "../../lib/auth/api-rate";
import { passwordLimiter } from "../../lib/auth/rate-limit";

const [kind, countText, startAtText] = process.argv.slice(2);
const count = Number(countText);
// Both children start at the same moment, so their requests really interleave.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())));
let ok = 0;
let refused = 0;
for (let i = 0; i < count; i++) {
  try {
    if (kind === "api") await takeApiRequest("token-shared", "read");
    else await (await passwordLimiter.begin("target@firm.test", "203.0.113.9", Date.now())).failed();
    ok += 1;
  } catch (error) {
    if ((error as { code?: string }).code?.endsWith(":rate_limited")) refused += 1;
    else throw error;
  }
}
console.log(JSON.stringify({ ok, refused }));
process.exit(0);
