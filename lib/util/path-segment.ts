/**
 * A dynamic route segment (a 사건번호) as the lawyer wrote it. A stray "%" in an address must not
 * turn into a server error: what cannot be decoded is taken as written.
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A segment that must decode (a statute's name, an article): malformed encoding is no address of
 * ours, so null (the page answers 404) rather than a guess.
 */
export function decodePathSegmentStrict(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
