/** A tag's id: its chunk's id, "-q", its number. Chunk ids are 32 hex characters. */
export const atomTagId = (chunkId: string, n: number) => `${chunkId}-q${n}`;

/** The chunk a tag points to. */
export function chunkIdOfTag(tagId: string): string {
  const at = tagId.lastIndexOf("-q");
  return at > 0 ? tagId.slice(0, at) : tagId;
}
