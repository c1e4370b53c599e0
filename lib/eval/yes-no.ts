/**
 * Reads a yes/no verdict from a Korean answer. The answer is asked to state its conclusion first, so
 * the first sentence decides (the whole answer only when the first sentence commits to nothing).
 * Negative forms are checked before positive ones: "예, 다만 청구할 수는 없습니다" is a no.
 * Returns null when the answer commits to neither (counted as wrong and listed in the report).
 */
const NO = [
  /^\s*(아니요|아니오|아뇨)/,
  /아닙니다/,
  /없습니다/,
  /없다/,
  /불가능/,
  /않습니다/,
  /않는다/,
  /어렵습니다/,
  /부정/,
  /인정되지/,
];
const YES = [
  /^\s*(예|네)[,.\s!]/,
  /^\s*(예|네)$/,
  /그렇습니다/,
  /있습니다/,
  /있다/,
  /가능합니다/,
  /됩니다/,
  /해당합니다/,
  /인정됩니다/,
  /맞습니다/,
];

function firstSentence(answer: string): string {
  const text = answer.trim();
  const end = text.search(/(?<=[.!?。])\s|\n/);
  return end > 0 ? text.slice(0, end) : text;
}

export function extractYesNo(answer: string): "yes" | "no" | null {
  const first = firstSentence(answer);
  for (const scope of [first, answer]) {
    const no = NO.some((p) => p.test(scope));
    const yes = YES.some((p) => p.test(scope));
    if (no) return "no";
    if (yes) return "yes";
  }
  return null;
}
