/**
 * The REST API's OpenAPI 3.1 document, served at /api/v1/openapi.json. A test reads the route
 * files under app/api/v1 and fails when a route or a method is missing here (or the other way).
 */

const error = { $ref: "#/components/schemas/Error" };
const errorResponses = {
  "400": { description: "요청 값이 올바르지 않음", content: { "application/json": { schema: error } } },
  "401": {
    description: "토큰이 없거나, 알 수 없거나, 만료·폐기됨",
    content: { "application/json": { schema: error } },
  },
  "403": { description: "토큰의 권한 밖이거나 계정이 비활성화됨", content: { "application/json": { schema: error } } },
  "429": {
    description: "토큰의 분당 요청 한도 초과 (Retry-After 헤더: 기다릴 초)",
    content: { "application/json": { schema: error } },
  },
};
/** A decision's heading and its viewer link, as every result about one decision carries them. */
const heading = {
  caseNo: { type: "string" },
  caseName: { type: "string" },
  court: { type: "string" },
  caseType: { type: "string" },
  decisionDate: { type: "string" },
  url: { type: "string" },
};
const listParam = (name: string, description: string) => ({
  name,
  in: "query",
  required: false,
  description,
  schema: { type: "array", items: { type: "string" } },
  style: "form",
  explode: true,
});
const filters = {
  type: "object",
  properties: {
    corpusIds: { type: "array", items: { type: "string" } },
    courtLevel: { type: "string", examples: ["대법원"] },
    courts: { type: "array", items: { type: "string" } },
    caseTypes: { type: "array", items: { type: "string", enum: ["민사", "형사", "가사", "세무", "행정"] } },
    dateFrom: { type: "string", format: "date" },
    dateTo: { type: "string", format: "date" },
  },
};

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "판례 리서치 API",
      version: "1.0.0",
      description:
        "판례 검색, 판례 원문, 판례 근거 답변. 계정 → API 토큰에서 만든 개인 토큰을 `Authorization: Bearer prt_…`로 보냅니다.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    paths: {
      "/api/v1/search": {
        get: {
          operationId: "search",
          summary: "판례 검색",
          parameters: [
            {
              name: "q",
              in: "query",
              required: false,
              description:
                '판례 검색 화면과 같은 검색어: 낱말은 모두(AND), OR, -제외어, "구절", 사건명:·판시사항:·판결요지:·참조조문:·법원:. ref가 있으면 빼도 됩니다.',
              schema: { type: "string", maxLength: 5000 },
            },
            {
              name: "ref",
              in: "query",
              required: false,
              description:
                "참조조문에 이 조문을 적은 판례만 (예: 민법 제750조). q 없이 쓰면 이 조문을 인용한 판례 전부(최신순, 최대 500건)",
              schema: { type: "string", maxLength: 120 },
            },
            { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
            {
              name: "size",
              in: "query",
              required: false,
              schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
            },
            listParam("corpus", "말뭉치 id (여러 번 쓸 수 있음)"),
            listParam("court", "법원 이름"),
            listParam("caseType", "사건종류"),
            { name: "courtLevel", in: "query", required: false, schema: { type: "string" } },
            { name: "from", in: "query", required: false, schema: { type: "string", format: "date" } },
            { name: "to", in: "query", required: false, schema: { type: "string", format: "date" } },
          ],
          responses: {
            "200": {
              description: "판례 목록",
              content: { "application/json": { schema: { $ref: "#/components/schemas/SearchResult" } } },
            },
            ...errorResponses,
          },
        },
      },
      "/api/v1/decisions/{caseNo}": {
        get: {
          operationId: "getDecision",
          summary: "사건번호로 판례 한 건",
          parameters: [
            {
              name: "caseNo",
              in: "path",
              required: true,
              schema: { type: "string" },
              examples: { a: { value: "2009다228" } },
            },
            { name: "corpus", in: "query", required: false, schema: { type: "string" } },
          ],
          responses: {
            "200": {
              description: "판례",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Decision" } } },
            },
            "404": { description: "그런 판례가 없음", content: { "application/json": { schema: error } } },
            ...errorResponses,
          },
        },
      },
      "/api/v1/statutes/{law}/{article}": {
        get: {
          operationId: "getStatute",
          summary: "조문 하나와 이 조문을 인용한 판례",
          description:
            "가져온 법령의 현행 조문(제목, 본문, 시행일자)과 참조조문에 이 조문을 적은 판례(최신순, 한 쪽 20건; `page`로 다음 쪽)를 판례 보기 링크와 함께 줍니다. 가져온 법령에 없는 조문은 404입니다.",
          parameters: [
            { name: "law", in: "path", required: true, schema: { type: "string" }, examples: { a: { value: "민법" } } },
            {
              name: "article",
              in: "path",
              required: true,
              schema: { type: "string" },
              examples: { a: { value: "제750조" }, b: { value: "제839조의2" } },
            },
            { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
          ],
          responses: {
            "200": {
              description: "조문",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Statute" } } },
            },
            "404": { description: "가져온 법령에 없는 조문", content: { "application/json": { schema: error } } },
            ...errorResponses,
          },
        },
      },
      "/api/v1/citations/check": {
        post: {
          operationId: "checkCitations",
          summary: "서면 인용 검증",
          description:
            "초안(준비서면·의견서)의 판례 인용을 모두 찾아 사건번호마다 상태를 줍니다: found(확인됨), date_mismatch·court_mismatch(판례는 있으나 적힌 선고일·법원이 다름: 둘 다 줌), not_found(어느 말뭉치에도 없음 — 말뭉치에 없는 판례일 수 있음). 판례 변경·전원합의체 표시, 인용한 문장과 그 문장을 판례가 뒷받침하는지(어휘 비교; `llm: true`이고 모델이 설정되어 있으면 모델 검증), 인용된 조문, 초안이 인용하지 않은 함께 검토할 판례도 줍니다. 글은 JSON(`text`)으로, 또는 multipart `file`(.docx, .pdf, .hwpx, .txt, 20MB 이하)로 보냅니다. 초안은 저장·기록되지 않습니다(감사 기록에는 인용 건수만).",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["text"],
                  properties: { text: { type: "string", maxLength: 300000 }, llm: { type: "boolean" } },
                },
              },
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: { file: { type: "string", format: "binary" }, llm: { type: "string", enum: ["true"] } },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "인용마다의 상태와 함께 검토할 판례",
              content: { "application/json": { schema: { $ref: "#/components/schemas/CitationCheck" } } },
            },
            "413": { description: "파일이나 글이 너무 큼", content: { "application/json": { schema: error } } },
            "415": { description: "지원하지 않는 파일 형식", content: { "application/json": { schema: error } } },
            "422": {
              description: "읽을 수 없는 파일 (암호, 텍스트 없는 PDF, 손상)",
              content: { "application/json": { schema: error } },
            },
            ...errorResponses,
          },
        },
      },
      "/api/v1/ask": {
        post: {
          operationId: "ask",
          summary: "판례 근거 답변 (질문 권한 토큰)",
          description:
            "`Accept: text/event-stream`이면 채팅과 같은 이벤트를 Server-Sent Events로 보내고 `answer` 이벤트로 끝납니다. 아니면 끝난 답변을 JSON으로 줍니다. 질문은 토큰 주인의 대화 목록에 남습니다.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["question"],
                  properties: {
                    question: { type: "string", minLength: 2, maxLength: 4000 },
                    chatId: { type: "string", description: "이어서 물을 내 대화" },
                    strategy: { type: "string", description: "검색 전략 (기본: rar)" },
                    filters,
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "답변 (JSON) 또는 이벤트 스트림",
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/Answer" } },
                "text/event-stream": { schema: { type: "string" } },
              },
            },
            "404": {
              description: "이어서 물을 대화가 없음 (다른 사람의 대화 포함)",
              content: { "application/json": { schema: error } },
            },
            "413": {
              description: "요청 본문이 64KB를 넘음 (Content-Length가 없어도 읽는 도중 끊음)",
              content: { "application/json": { schema: error } },
            },
            ...errorResponses,
          },
        },
      },
      "/api/v1/openapi.json": {
        get: {
          operationId: "openapi",
          summary: "이 문서",
          security: [],
          responses: { "200": { description: "OpenAPI 문서", content: { "application/json": {} } } },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "개인 API 토큰 (prt_…)" } },
      schemas: {
        CitationCheck: {
          type: "object",
          properties: {
            citations: {
              type: "array",
              items: {
                type: "object",
                required: ["text", "caseNo", "status", "enBanc", "overruled", "sentence"],
                properties: {
                  text: { type: "string", description: "초안에 적힌 인용" },
                  caseNo: { type: "string" },
                  status: { type: "string", enum: ["found", "date_mismatch", "court_mismatch", "not_found"] },
                  statusLabel: { type: "string" },
                  court: { type: "string", description: "초안에 적힌 법원" },
                  date: { type: "string", format: "date", description: "초안에 적힌 선고일" },
                  foundCourt: { type: "string" },
                  foundDate: { type: "string", format: "date" },
                  caseName: { type: "string" },
                  overruled: { type: "boolean" },
                  overruledBy: { type: "string" },
                  enBanc: { type: "boolean" },
                  sentence: { type: "string" },
                  support: {
                    type: "object",
                    properties: {
                      verdict: { type: "string", enum: ["supported", "partly", "unsupported"] },
                      label: { type: "string" },
                      reason: { type: "string" },
                      quote: { type: "string" },
                    },
                  },
                  url: { type: "string", format: "uri" },
                },
              },
            },
            statutes: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  text: { type: "string" },
                  law: { type: "string" },
                  article: { type: "string" },
                  paragraph: { type: "string" },
                  exists: { type: "boolean", description: "법령을 가져왔을 때만: 그 조문이 있는지" },
                  url: { type: "string", format: "uri", description: "있는 조문의 조문 화면" },
                  note: { type: "string", description: "없는 조문이면 '없는 조문입니다'" },
                },
              },
            },
            suggestions: { type: "array", items: { type: "object" } },
            notes: { type: "array", items: { type: "string" } },
          },
        },
        Error: {
          type: "object",
          required: ["code", "error"],
          properties: { code: { type: "string" }, error: { type: "string" } },
        },
        SearchResult: {
          type: "object",
          properties: {
            query: { type: "string" },
            total: { type: "integer" },
            exact: { type: "boolean", description: "false when total is an estimate (약)" },
            page: { type: "integer" },
            size: { type: "integer" },
            hints: { type: "array", items: { type: "string" } },
            hits: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  ...heading,
                  corpusId: { type: "string" },
                  score: { type: "number" },
                  snippet: { type: "string" },
                  citedBy: { type: "integer" },
                  overruled: { type: "boolean" },
                  enBanc: { type: "boolean" },
                },
              },
            },
          },
        },
        Statute: {
          type: "object",
          properties: {
            law: { type: "string" },
            article: { type: "string" },
            title: { type: "string" },
            text: { type: "string" },
            effectiveDate: { type: "string", format: "date", description: "현행 조문의 시행일자" },
            url: { type: "string", format: "uri", description: "조문 화면" },
            citedBy: {
              type: "object",
              properties: {
                total: { type: "integer" },
                page: { type: "integer" },
                pages: { type: "integer" },
                decisions: { type: "array", items: { type: "object", properties: heading } },
              },
            },
          },
        },
        Decision: {
          type: "object",
          properties: {
            ...heading,
            text: { type: "string" },
            truncated: { type: "boolean" },
            totalChars: { type: "integer" },
          },
        },
        Answer: {
          type: "object",
          properties: {
            chatId: { type: "string" },
            messageId: { type: "string" },
            status: { type: "string", enum: ["done", "stopped", "interrupted", "error", "running"] },
            answer: { type: "string" },
            citations: {
              type: "array",
              items: {
                type: "object",
                required: ["caseNo", "status", "inContext"],
                properties: {
                  caseNo: { type: "string" },
                  status: {
                    type: "string",
                    enum: ["evidence", "corpus", "unknown"],
                    description:
                      "evidence: 답변의 근거로 검색된 판례 · corpus: 말뭉치에 있는 실제 판례이지만 근거로 검색되지 않은 판례 · unknown: 어느 말뭉치에도 없는 사건번호(잘못 기억했거나 지어냈을 수 있음)",
                  },
                  inContext: { type: "boolean", description: "status가 evidence일 때만 true" },
                  support: { type: "string", enum: ["근거 확인", "근거 약함", "근거 없음"] },
                  verdict: { type: "string", enum: ["supported", "partly", "unsupported"] },
                  reason: { type: "string" },
                  url: { type: "string", description: "evidence: 인용한 부분 · corpus: 그 판례의 판례 보기 주소" },
                  flagged: { type: "string", description: "status가 unknown일 때만: 확인이 필요한 이유" },
                  note: { type: "string", description: "status가 corpus일 때만: 검색 근거 밖 판례라는 안내" },
                  mismatch: {
                    type: "string",
                    description:
                      "답변에 쓴 법원이나 선고일이 판례와 다를 때 (예: 선고일이 다릅니다: 인용 1995. 2. 3. · 판례 1995. 2. 10.)",
                  },
                },
              },
            },
            precedents: { type: "array", items: { type: "object" } },
            notices: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
  };
}
