import type { Metadata } from "next";
import { StatuteUpload } from "@/components/admin/statute-upload";
import { statuteOverview } from "@/lib/statutes/lookup";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "법령" };
export const dynamic = "force-dynamic";

const when = new Intl.DateTimeFormat("ko-KR", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Seoul" });

/** The statutes the decisions' 참조조문 link to: what is held, its 시행일자, and earlier imports. */
export default async function AdminStatutesPage() {
  await requirePageAdmin();
  const statutes = await statuteOverview();
  return (
    <main className="flex-1 space-y-4 p-6" data-testid="admin-statutes">
      <h1 className="font-serif text-2xl font-semibold">법령</h1>
      <p className="max-w-2xl text-sm text-muted">
        판례의 참조조문이 연결되는 법령입니다. 법령 파일(legalize-kr 형식의 .md, 또는 그 파일들을 묶은 .zip)을 올리면
        같은 이름의 법령은 통째로 바뀌고, 이전 시행일자는 이력에 남습니다. 지금 있는 본문보다 시행일자가 이전인 파일은
        강제로 가져오기를 골라야 바뀝니다.
      </p>
      <StatuteUpload />
      {statutes.length === 0 ? (
        <p className="text-sm text-muted">아직 가져온 법령이 없습니다.</p>
      ) : (
        <table className="w-full max-w-3xl text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-normal">법령</th>
              <th className="py-1 font-normal">구분</th>
              <th className="py-1 font-normal">시행일자</th>
              <th className="py-1 font-normal">조문</th>
              <th className="py-1 font-normal">이력 (시행일자 · 가져온 때)</th>
            </tr>
          </thead>
          <tbody>
            {statutes.map(({ statute, versions }) => (
              <tr key={statute.name} className="border-t border-line align-top">
                <td className="py-2 font-medium">{statute.name}</td>
                <td className="py-2">{statute.kind}</td>
                <td className="py-2">{statute.effectiveDate || "모름"}</td>
                <td className="py-2">{statute.articleCount.toLocaleString("ko-KR")}개</td>
                <td className="py-2 text-muted">
                  <ul>
                    {versions.map((v) => (
                      <li key={v.importedAt.toISOString()}>
                        {v.effectiveDate || "모름"} · {when.format(v.importedAt)}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
