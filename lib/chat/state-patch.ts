import { type AnswerState, initialAnswerState } from "./state";

/**
 * What a browser receives per frame of a running answer: what changed since the frame before, not
 * the whole state again. Once the passages are found, the state carries ~20 of them (tens of KB);
 * sending all of it 20 times a second to every lawyer watching cost the server most of its time
 * under load (bench:load) and a phone most of its bandwidth, while only the answer text was growing.
 *
 * Fields are compared by identity: applyChatEvent (state.ts) never changes a value in place, so an
 * unchanged field is the very same object. The texts that grow by deltas (the answer, the
 * analytical query, the judge's draft) travel as their new ending when they only grew.
 */
export interface StatePatch {
  /** Fields whose value changed (the whole new value). */
  set?: Partial<AnswerState>;
  /** Text fields that only grew: the characters added at their end. */
  append?: Partial<Record<GrowingField, string>>;
  /** Fields that had a value and have none now. */
  unset?: (keyof AnswerState)[];
}

type GrowingField = "answer" | "analytical" | "rationaleDraft";
const GROWING = new Set<keyof AnswerState>(["answer", "analytical", "rationaleDraft"]);

/** The patch that turns `before` (undefined: nothing sent yet) into `after`. */
export function diffState(before: AnswerState | undefined, after: AnswerState): StatePatch {
  const set: Record<string, unknown> = {};
  const append: Record<string, string> = {};
  const unset: (keyof AnswerState)[] = [];
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]) as Set<keyof AnswerState>;
  for (const key of keys) {
    const was = before?.[key];
    const now = after[key];
    if (was === now) continue;
    if (now === undefined) {
      if (was !== undefined) unset.push(key);
      continue;
    }
    if (GROWING.has(key) && typeof was === "string" && typeof now === "string" && now.startsWith(was)) {
      if (now.length > was.length) append[key] = now.slice(was.length);
      continue;
    }
    set[key] = now;
  }
  const patch: StatePatch = {};
  if (Object.keys(set).length > 0) patch.set = set as Partial<AnswerState>;
  if (Object.keys(append).length > 0) patch.append = append;
  if (unset.length > 0) patch.unset = unset;
  return patch;
}

/** The state after `patch`; `before` undefined: the first frame, which carries every field. */
export function applyPatch(before: AnswerState | undefined, patch: StatePatch): AnswerState {
  const next: Record<string, unknown> = { ...(before ?? initialAnswerState()), ...patch.set };
  for (const [key, tail] of Object.entries(patch.append ?? {})) next[key] = `${String(next[key] ?? "")}${tail}`;
  for (const key of patch.unset ?? []) delete next[key];
  return next as unknown as AnswerState;
}
