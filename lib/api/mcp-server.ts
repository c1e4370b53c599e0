import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { takeApiRequest } from "../auth/api-rate";
import { requireScope } from "../auth/api-tokens";
import { BRIEF_MAX_CHARS } from "../brief/limits";
import { CASE_TYPE_LABELS, type CaseTypeLabel } from "../chat/filters";
import { STATUS_LABEL } from "../rag/citations";
import { STRATEGY_IDS } from "../rag/strategies/steps";
import { decodePathSegment } from "../util/path-segment";
import type { ApiAnswer, ApiCitation } from "./answer-summary";
import { startApiAsk } from "./ask";
import { type ApiBriefResult, apiBriefCheck } from "./brief";
import { apiDecision } from "./decision";
import type { ApiContext } from "./guard";
import { safe, text } from "./mcp-tool";
import { apiSearch } from "./search";
import { findSimilar } from "./similar";
import { apiStatute, statuteText } from "./statute";

/**
 * The MCP server a firm adds to its AI assistants (docs/api.md): the same searches, decisions and
 * answers as the REST API, for the token's owner, as tools an assistant can call. One server per
 * request (stateless Streamable HTTP): nothing is kept between calls but the token.
 */

function searchText(result: Awaited<ReturnType<typeof apiSearch>>): string {
  if (result.hits.length === 0) return `"${result.query}"에 맞는 판례가 없습니다.`;
  const lines = result.hits.map(
    (h, i) =>
      `${(result.page - 1) * result.size + i + 1}. ${h.court} ${h.decisionDate} ${h.caseNo} ${h.caseName}\n   ${h.snippet}\n   ${h.url}`,
  );
  return `판례 ${result.exact ? "" : "약 "}${result.total}건 중 ${result.hits.length}건:\n${lines.join("\n")}`;
}

/** One citation's line: its status as the chat marks it (a flagged number never linked). */
function citationLine(c: ApiCitation): string {
  const mismatch = c.mismatch ? `\n  ⚠ ${c.mismatch}` : "";
  if (c.status === "unknown") return `- ⚠ ${c.caseNo}: ${c.flagged}${mismatch}`;
  const mark = `${c.support ?? "근거 확인 안 됨"}${c.reason ? ` — ${c.reason}` : ""}`;
  const outside = c.status === "corpus" ? ` [${STATUS_LABEL.corpus}] ${c.note ?? ""}\n  ` : " ";
  return `- ${c.caseNo}:${outside}${mark}${c.url ? `\n  ${c.url}` : ""}${mismatch}`;
}

export function answerText(answer: ApiAnswer): string {
  const marks = answer.citations.map(citationLine);
  const head =
    answer.status === "done" ? "" : `[답변이 끝까지 작성되지 않았습니다: ${answer.error ?? answer.status}]\n\n`;
  return `${head}${answer.answer}\n\n인용 판례와 근거 표시:\n${marks.join("\n") || "- (인용 없음)"}`;
}

/** A draft's check as an assistant reads it: one line per citation, then what to review. */
export function briefText(result: ApiBriefResult): string {
  const lines = result.citations.map((c, i) => {
    const marks = [
      c.statusLabel,
      c.status === "date_mismatch" ? `인용 ${c.date ?? "?"} · 판례 ${c.foundDate ?? "?"}` : "",
      c.status === "court_mismatch" ? `인용 ${c.court ?? "?"} · 판례 ${c.foundCourt ?? "?"}` : "",
      c.overruledBy ? `변경된 판례: ${c.overruledBy}` : "",
      c.enBanc ? "전원합의체" : "",
      c.support ? `${c.support.label} — ${c.support.reason}` : "",
    ].filter(Boolean);
    return `${i + 1}. ${c.caseNo}: ${marks.join(" / ")}${c.url ? `\n   ${c.url}` : ""}`;
  });
  const suggested = result.suggestions.map(
    (s) => `- ${s.court} ${s.decisionDate} ${s.caseNo} ${s.caseName} (${s.sharedTerms.join(", ")})\n  ${s.url}`,
  );
  return [
    `인용 ${result.citations.length}건:`,
    ...(lines.length ? lines : ["(인용 없음)"]),
    ...(suggested.length ? ["", "함께 검토할 판례:", ...suggested] : []),
    ...(result.notes.length ? ["", ...result.notes] : []),
  ].join("\n");
}

export function buildMcpServer(context: ApiContext, signal: AbortSignal): McpServer {
  const server = new McpServer({ name: "panrye-research", version: "1.0.0" });
  const filterShape = {
    corpus: z.array(z.string()).optional().describe("말뭉치 id 목록"),
    court: z.array(z.string()).optional().describe("법원 이름 목록 (예: 대법원)"),
    caseType: z.array(z.enum(CASE_TYPE_LABELS as [CaseTypeLabel, ...CaseTypeLabel[]])).optional(),
    dateFrom: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    dateTo: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  };
  type FilterArgs = { corpus?: string[]; court?: string[]; caseType?: string[]; dateFrom?: string; dateTo?: string };
  const filtersOf = (a: FilterArgs) => ({
    corpusIds: a.corpus,
    courts: a.court,
    caseTypes: a.caseType as CaseTypeLabel[] | undefined,
    dateFrom: a.dateFrom,
    dateTo: a.dateTo,
  });

  server.registerTool(
    "search_precedents",
    {
      title: "판례 검색",
      description:
        "법원 판례를 검색어로 찾습니다. 결과마다 법원, 선고일, 사건번호, 사건명, 발췌와 판례 보기 링크를 줍니다.",
      inputSchema: {
        query: z.string().min(1).max(5000),
        page: z.number().int().min(1).optional(),
        size: z.number().int().min(1).max(50).optional(),
        ...filterShape,
      },
    },
    safe(context, "search_precedents", async (args: FilterArgs & { query: string; page?: number; size?: number }) => {
      const result = await apiSearch(
        { q: args.query, page: args.page ?? 1, size: args.size ?? 10, filters: filtersOf(args) },
        context.baseUrl,
      );
      return { ...text(searchText(result)), structuredContent: { ...result } };
    }),
  );

  server.registerTool(
    "get_decision",
    {
      title: "판례 원문",
      description: "사건번호로 판례 한 건의 정보와 원문을 가져옵니다 (아주 긴 판결문은 앞부분만).",
      inputSchema: { caseNo: z.string().min(1).max(200), corpus: z.string().optional() },
    },
    safe(context, "get_decision", async ({ caseNo, corpus }: { caseNo: string; corpus?: string }) => {
      const d = await apiDecision(caseNo, { corpusId: corpus, baseUrl: context.baseUrl, maxChars: 60_000 });
      const head = `${d.court} ${d.decisionDate} ${d.caseNo} ${d.caseName}\n${d.url}`;
      const tail = d.truncated
        ? `\n\n[전체 ${d.totalChars.toLocaleString("ko-KR")}자 중 앞부분만 보냈습니다. 전문은 링크에서 보세요.]`
        : "";
      return { ...text(`${head}\n\n${d.text}${tail}`), structuredContent: { ...d } };
    }),
  );

  server.registerTool(
    "get_statute",
    {
      title: "조문",
      description:
        "가져온 법령의 조문 하나(예: 민법, 제750조)를 현행 조문 그대로, 시행일자와 함께 가져오고, 이 조문을 참조조문에 적은 판례(최신순 20건과 전체 건수)를 판례 보기 링크와 함께 줍니다.",
      inputSchema: { law: z.string().min(1).max(100), article: z.string().min(1).max(40) },
    },
    safe(context, "get_statute", async ({ law, article }: { law: string; article: string }) => {
      const s = await apiStatute(law, article, { baseUrl: context.baseUrl });
      return { ...text(statuteText(s)), structuredContent: { ...s } };
    }),
  );

  server.registerTool(
    "ask_with_citations",
    {
      title: "판례 근거 답변",
      description:
        "법률 질문에 판례를 찾아 근거와 함께 답합니다. 인용한 사건번호마다 상태(status: evidence 근거 판례 · corpus 검색 근거 밖 판례 · unknown 어느 말뭉치에도 없는 사건번호), 근거 확인/약함/없음 표시와 판례 보기 링크를 주고, 어느 말뭉치에도 없는 사건번호는 ⚠로, 답변에 쓴 법원·선고일이 판례와 다르면 그 차이(mismatch)를 표시합니다. 질문 권한이 있는 토큰이 필요합니다.",
      inputSchema: { question: z.string().min(2).max(4000), strategy: z.enum(STRATEGY_IDS).optional(), ...filterShape },
    },
    safe(
      context,
      "ask_with_citations",
      async (args: FilterArgs & { question: string; strategy?: (typeof STRATEGY_IDS)[number] }) => {
        requireScope(context.caller, "ask");
        // The call was counted as a unit of work with its request; a question is counted once more here.
        await takeApiRequest(context.caller.token.id, "question");
        const run = await startApiAsk(
          context,
          { question: args.question, strategy: args.strategy, filters: filtersOf(args) },
          signal,
        );
        const answer = await run.finished;
        return { ...text(answerText(answer)), structuredContent: { ...answer }, isError: answer.status === "error" };
      },
    ),
  );

  server.registerTool(
    "find_similar",
    {
      title: "비슷한 판례",
      description:
        "사실관계나 판결 이유 같은 글(5,000자 이내)과 가장 비슷한 판례를 찾고, 겹치는 핵심어를 이유로 보여 줍니다.",
      inputSchema: { passage: z.string().min(2).max(5000), size: z.number().int().min(1).max(30).optional() },
    },
    safe(context, "find_similar", async ({ passage, size }: { passage: string; size?: number }) => {
      const hits = await findSimilar(passage, size ?? 10, context.baseUrl);
      const lines = hits.map(
        (h, i) =>
          `${i + 1}. ${h.court} ${h.decisionDate} ${h.caseNo} ${h.caseName}\n   겹치는 말: ${h.sharedTerms.join(", ")}\n   ${h.url}`,
      );
      return { ...text(lines.join("\n") || "비슷한 판례를 찾지 못했습니다."), structuredContent: { hits } };
    }),
  );

  server.registerTool(
    "check_citations",
    {
      title: "서면 인용 검증",
      description:
        "준비서면·의견서 같은 초안의 판례 인용을 모두 찾아, 사건번호마다 상태(found 확인됨 · date_mismatch 선고일 불일치 · court_mismatch 법원 불일치 · not_found 확인할 수 없는 사건번호 — 말뭉치에 없을 수도 있음), 판례 변경·전원합의체 표시, 인용한 문장과 판례가 그 문장을 뒷받침하는지, 인용된 조문, 초안이 인용하지 않은 함께 검토할 판례를 줍니다. 초안은 기록되지 않습니다.",
      inputSchema: { text: z.string().min(1).max(BRIEF_MAX_CHARS) },
    },
    safe(context, "check_citations", async ({ text: draft }: { text: string }) => {
      const caller = {
        user: { id: context.caller.user.id, email: context.caller.user.email },
        ip: context.ip,
        via: "MCP",
      };
      const result = await apiBriefCheck({ text: draft }, caller, context.baseUrl, signal);
      return { ...text(briefText(result)), structuredContent: { ...result } };
    }),
  );

  server.registerResource(
    "decision",
    new ResourceTemplate("decision://{caseNo}", { list: undefined }),
    { title: "판례", description: "사건번호로 읽는 판례 원문", mimeType: "text/plain" },
    async (uri, variables) => {
      const caseNo = decodePathSegment(String(variables.caseNo));
      const d = await apiDecision(caseNo, { baseUrl: context.baseUrl });
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: "text/plain",
            text: `${d.court} ${d.decisionDate} ${d.caseNo} ${d.caseName}\n${d.url}\n\n${d.text}`,
          },
        ],
      };
    },
  );
  return server;
}
