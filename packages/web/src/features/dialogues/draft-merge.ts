/**
 * Merging two tabs' edits of one draft (issue 17: two tabs on the same dialogue). Both started from
 * `base`; `mine` and `theirs` are what each made of it. Edits in different places are both kept, as
 * they were made; edits of the same place keep `first`'s text whole and add what the other typed there
 * after a line break — so whatever either side typed survives. `first` decides which side comes first,
 * the same answer in both tabs (they each merge the other's edit), so both reach the same text.
 */

interface Edit {
  /** Where the edit starts and ends in `base`. */
  from: number;
  to: number;
  /** What replaced base[from, to). */
  text: string;
}

/** The one span that changed from `base` to `next`: the common prefix and suffix left out. */
function editOf(base: string, next: string): Edit {
  const max = Math.min(base.length, next.length);
  let head = 0;
  while (head < max && base[head] === next[head]) head++;
  let tail = 0;
  while (tail < max - head && base[base.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  return { from: head, to: base.length - tail, text: next.slice(head, next.length - tail) };
}

const apply = (base: string, edit: Edit) => base.slice(0, edit.from) + edit.text + base.slice(edit.to);

export function mergeDrafts(base: string, mine: string, theirs: string, first: "mine" | "theirs"): string {
  if (theirs === base || mine === theirs) return mine;
  if (mine === base) return theirs;
  const a = editOf(base, mine);
  const b = editOf(base, theirs);
  // Apart (two insertions at one spot are not): both apply, the later one first so the earlier one's
  // place still holds; at a tie the insertion goes last, landing before the other's replaced text.
  const sameSpot = a.from === a.to && b.from === b.to && a.from === b.from;
  if (!sameSpot && (a.to <= b.from || b.to <= a.from)) {
    const aFirst = a.from < b.from || (a.from === b.from && a.to <= b.to);
    const [early, late] = aFirst ? [a, b] : [b, a];
    return apply(apply(base, late), early);
  }
  // The same place: the first side's text whole, then what the other side typed there.
  const [kept, added] = first === "mine" ? [mine, b.text] : [theirs, a.text];
  if (added === "" || kept.includes(added)) return kept;
  // One line break between them: an edit merged before already brought its own.
  const apartBy = kept === "" || kept.endsWith("\n") || added.startsWith("\n") ? "" : "\n";
  return `${kept}${apartBy}${added}`;
}
