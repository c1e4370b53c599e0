import { logError } from "../errors";

/**
 * Background work of one kind (ingestion jobs, evaluations) run one at a time inside the server
 * process: two cores leave no room for a second heavy job of the same kind. The work's state lives in
 * the database, so the queue itself may be lost with the process.
 */
export function createSerialQueue(run: (id: string) => Promise<unknown>): { enqueue: (id: string) => void } {
  const queue: string[] = [];
  let draining = false;
  const drain = async () => {
    draining = true;
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        await run(id);
      } catch (error) {
        logError(error);
      }
    }
    draining = false;
  };
  return {
    enqueue(id) {
      if (!queue.includes(id)) queue.push(id);
      if (!draining) void drain();
    },
  };
}
