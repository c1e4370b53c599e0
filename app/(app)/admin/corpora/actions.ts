"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { getCorpus } from "@/lib/db/corpora";
import { getSideStore } from "@/lib/enrich/side-stores";
import { filesDir } from "@/lib/env";
import { failure } from "@/lib/errors";
import { addCorpus, corpusNameSchema, reindexCorpus, removeCorpus, removeDecision } from "@/lib/ingest/corpus-admin";
import { cancelIngestionJob, resumeIngestionJob } from "@/lib/ingest/job-control";
import { enqueueJob } from "@/lib/ingest/job-queue";
import { getStore } from "@/lib/store";
import type { VectorStore } from "@/lib/store/types";
import { auditBy, currentUser } from "../../../(auth)/auth";

export interface FormState {
  error?: string;
  ok?: boolean;
}

export async function createCorpusAction(_prev: FormState, formData: FormData): Promise<FormState> {
  let id: string;
  try {
    const admin = requireAdmin(await currentUser());
    const name = corpusNameSchema.safeParse(formData.get("name"));
    if (!name.success) return { error: name.error.issues[0]?.message };
    id = (await addCorpus(name.data, String(formData.get("description") ?? ""), await auditBy(admin))).id;
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath("/admin/corpora");
  redirect(`/admin/corpora/${id}`);
}

export async function reindexCorpusAction(corpusId: string): Promise<FormState> {
  try {
    const admin = requireAdmin(await currentUser());
    const job = await reindexCorpus(corpusId, filesDir(), await auditBy(admin));
    enqueueJob(job.id);
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/corpora/${corpusId}`);
  return { ok: true };
}

const jobIds = z.object({ corpusId: z.string().min(1).max(64), jobId: z.string().min(1).max(64) });

/** Cancels a job: at once when no process runs it, else its process stops within about a second. */
export async function cancelJobAction(corpusId: string, jobId: string): Promise<FormState> {
  try {
    const admin = requireAdmin(await currentUser());
    const ids = jobIds.safeParse({ corpusId, jobId });
    if (!ids.success) return { error: "잘못된 요청입니다." };
    await cancelIngestionJob(ids.data.jobId, await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/corpora/${corpusId}`);
  return { ok: true };
}

/** Resumes an interrupted job (documents already indexed are skipped). */
export async function resumeJobAction(corpusId: string, jobId: string): Promise<FormState> {
  try {
    const admin = requireAdmin(await currentUser());
    const ids = jobIds.safeParse({ corpusId, jobId });
    if (!ids.success) return { error: "잘못된 요청입니다." };
    await resumeIngestionJob(ids.data.jobId, await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/corpora/${corpusId}`);
  return { ok: true };
}

/** Where a deletion reaches: the store, the files, and enrichment's side indexes. */
async function deletionScope(): Promise<[VectorStore, string, VectorStore[]]> {
  return [await getStore(), filesDir(), [getSideStore("context"), getSideStore("atoms")]];
}

export async function deleteCorpusAction(corpusId: string, confirmName: string): Promise<FormState> {
  try {
    const admin = requireAdmin(await currentUser());
    const corpus = await getCorpus(corpusId);
    if (!corpus) return { error: "말뭉치를 찾을 수 없습니다." };
    if (confirmName.trim() !== corpus.name) return { error: "확인을 위해 말뭉치 이름을 정확히 입력해 주세요." };
    await removeCorpus(corpusId, ...(await deletionScope()), await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath("/admin/corpora");
  redirect("/admin/corpora");
}

const decisionIds = z.object({ corpusId: z.string().min(1).max(64), caseNo: z.string().trim().min(1).max(200) });

/** Deletes one decision from a corpus (its chunks, row, citations, archive). */
export async function deleteDecisionAction(corpusId: string, caseNo: string): Promise<FormState> {
  try {
    const admin = requireAdmin(await currentUser());
    const ids = decisionIds.safeParse({ corpusId, caseNo });
    if (!ids.success) return { error: "잘못된 요청입니다." };
    await removeDecision(ids.data.corpusId, ids.data.caseNo, ...(await deletionScope()), await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/corpora/${corpusId}`);
  return { ok: true };
}
