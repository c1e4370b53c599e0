import { type JobKind, jobKind, jobKinds } from "./registry";

/**
 * Every job kind, registered by importing its module (each calls registerJobKind). A new kind of
 * job is its module's registration plus one line here; the queues, the job runner and crash
 * recovery then handle it like the others.
 */
export async function loadJobKinds(): Promise<JobKind[]> {
  await Promise.all([import("../ingest/job-queue"), import("../eval/eval-jobs")]);
  return jobKinds();
}

export async function loadJobKind(name: string): Promise<JobKind | undefined> {
  await loadJobKinds();
  return jobKind(name);
}
