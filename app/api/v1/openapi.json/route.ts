import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-static";

/** The API's description for client generators and assistants; public (it holds no data). */
export function GET() {
  return Response.json(openApiDocument());
}
