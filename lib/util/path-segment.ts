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
