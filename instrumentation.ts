// Runs once when the Next.js server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before anything touches data: one server per embedded data directory (refuse the second clearly).
  const { claimDataDirectory } = await import("./lib/store/claim-data-dir");
  claimDataDirectory();
  // First: stamp each request with its socket address, for per-IP sign-in limits (see client-ip.ts).
  const { installPeerAddressHeader } = await import("./lib/auth/client-ip");
  installPeerAddressHeader();
  // Expired and idle sessions are deleted hourly.
  const { startSessionPurgeTimer } = await import("./lib/auth/session-purge");
  startSessionPurgeTimer();
  // Answers cut off by a restart are marked interrupted (the text and trace saved while they streamed stay).
  const { closeAnswersAtStart } = await import("./lib/chat/answer-liveness");
  await closeAnswersAtStart();
  // Questions a stopped server took while the database was busy (in DATA_DIR/pending-questions) are
  // stored now, their answers marked interrupted; a database still locked is tried again later.
  const [{ storeQueuedQuestions }, { logger }] = await Promise.all([
    import("./lib/chat/question-intake"),
    import("./lib/util/log"),
  ]);
  void storeQueuedQuestions().catch((error) => logger("chat").error({ err: error }, "queued questions"));
  // Load the search index now (in its worker thread), not when the first lawyer asks.
  const [{ getStore }, { logError }] = await Promise.all([import("./lib/store"), import("./lib/errors")]);
  void getStore()
    .then((store) => store.count())
    .catch(logError);
  // Jobs of the previous server continue where they stopped (SQLite), or this instance joins the
  // PostgreSQL job queue; a dead CLI import's job is interrupted. The job kinds (import,
  // enrichment, evaluation) are registered by their own folders first: lib/jobs knows none of them.
  const { loadJobKinds } = await import("./lib/startup/job-kinds");
  await loadJobKinds();
  const { startJobs } = await import("./lib/jobs/start");
  await startJobs();
  // Large decisions imported before the viewer kept them in parts are cut once, in the background.
  const [{ cutLegacyArchivesLater }, { filesDir }] = await Promise.all([
    import("./lib/precedent/viewer-client"),
    import("./lib/env"),
  ]);
  cutLegacyArchivesLater(filesDir());
}
