// A stand-in for a server process answering one question, for the crash test: it stores the
// question, streams the answer (saving progress) and is killed with SIGKILL by the test midway.
//   tsx tests/support/ask-child.ts <userId> <question>
import { prepareAsk, runAsk } from "@/lib/chat/ask";

const [userId, question] = process.argv.slice(2);
const prepared = await prepareAsk(userId ?? "", question ?? "");
console.log(JSON.stringify({ messageId: prepared.assistantMessageId, chatId: prepared.chatId }));
await runAsk(prepared, () => {}, new AbortController().signal, { saveEveryMs: 100 });
