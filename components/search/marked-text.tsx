/** Text with the ranges a search matched marked (<mark>), for snippets. */
export function MarkedText({ text, marks }: { text: string; marks: [number, number][] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [a, b] of marks) {
    if (a < at) continue;
    if (a > at) parts.push(text.slice(at, a));
    parts.push(
      <mark key={a} className="rounded-sm bg-amber-100 px-0.5 text-ink" data-testid="search-mark">
        {text.slice(a, b)}
      </mark>,
    );
    at = b;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
