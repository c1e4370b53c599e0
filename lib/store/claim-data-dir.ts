import { providerOf } from "../db/provider";
import { env } from "../env";
import { AppError } from "../errors";
import { logger } from "../util/log";
import { acquireInstanceLock } from "./instance-lock";

/**
 * Called once when a server starts. With the embedded store or SQLite the data directory belongs to
 * this server until it exits; a second server on it prints why and stops instead of fighting over
 * jobs. With Qdrant and PostgreSQL any number of servers may run (jobs go through the queue engine).
 */
export function claimDataDirectory(): void {
  const settings = env();
  // Several instances need an index and a database built for it: Qdrant and PostgreSQL.
  if (settings.VECTOR_STORE === "qdrant" && providerOf(settings.DATABASE_URL) === "postgresql") return;
  try {
    const lock = acquireInstanceLock({ dataDir: settings.DATA_DIR });
    // Next's own SIGINT/SIGTERM handling ends in process.exit; a kill -9 leaves the file, which the
    // next start on this host takes over because its pid is gone.
    process.once("exit", () => lock.release());
  } catch (error) {
    const message = error instanceof AppError ? error.userMessage : String(error);
    logger("start").error(message);
    process.exit(1);
  }
}
