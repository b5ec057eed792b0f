// What changed between two versions of a text, word by word: the longest run of words both keep
// (a longest common subsequence), with what one removed and the other added around it. Long texts
// beyond MAX_WORDS are shown as one removal and one addition rather than compared word by word.

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

const MAX_WORDS = 2_000;

/** Words with the spaces after them, so joining the parts gives the text back. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string): void {
  const last = parts.at(-1);
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The parts that turn `before` into `after`. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    const parts: DiffPart[] = [];
    if (before) parts.push({ kind: "removed", text: before });
    if (after) parts.push({ kind: "added", text: after });
    return parts;
  }
  // keep[i][j]: how many words a[i..] and b[j..] have in common, in order (compared without spaces).
  const same = (x: string, y: string) => x.trimEnd() === y.trimEnd();
  const keep: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      keep[i]![j] = same(a[i]!, b[j]!)
        ? keep[i + 1]![j + 1]! + 1
        : Math.max(keep[i + 1]![j]!, keep[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(a[i]!, b[j]!)) {
      push(parts, "same", b[j]!);
      i++;
      j++;
    } else if (keep[i + 1]![j]! >= keep[i]![j + 1]!) {
      push(parts, "removed", a[i++]!);
    } else {
      push(parts, "added", b[j++]!);
    }
  }
  while (i < a.length) push(parts, "removed", a[i++]!);
  while (j < b.length) push(parts, "added", b[j++]!);
  return parts;
}
