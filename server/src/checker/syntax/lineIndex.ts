// Offsets are UTF-16 code unit indices into the JS string, which is exactly LSP's default position
// encoding, so converting is only a matter of finding the line. Line breaks are \n, \r\n and \r (as LSP).
import type { Position, Range } from '../types';

export class LineIndex {
  /**
   * Line starts, never written once set (withChange copies them, so an earlier index still answers
   * for its text). From line `shiftFrom` on, each start is `shiftBy` further than stored: an edit
   * moves every later line, and typing on one line moves them again and again, so the move is added
   * up here and written into the starts only when an edit elsewhere needs them as they are.
   */
  private starts: Int32Array | undefined;
  private shiftFrom = 0;
  private shiftBy = 0;

  constructor(private readonly text: string) {}

  /** Built on first use: a clean document never needs a position, and a 10 MB scan is not free. */
  private get lineStarts(): Int32Array {
    if (!this.starts) this.starts = computeLineStarts(this.text);
    return this.starts;
  }

  private startOf(line: number): number {
    return this.lineStarts[line] + (line >= this.shiftFrom ? this.shiftBy : 0);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.startOf(mid) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.startOf(low) };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.startOf(position.line);
    const nextLineStart = position.line + 1 < this.lineStarts.length ? this.startOf(position.line + 1) : this.text.length;
    return Math.max(lineStart, Math.min(lineStart + position.character, nextLineStart));
  }

  rangeOf(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }

  /**
   * The index of `newText`, which differs from this index's text only in `change`: lines before
   * the change are kept, lines inside it are rescanned, lines after it are shifted.
   */
  withChange(newText: string, change: { offset: number; length: number; newLength: number }): LineIndex {
    if (!this.starts) return new LineIndex(newText);
    const delta = change.newLength - change.length;
    // Lines starting before the change are kept (a start at the change itself may move: a \r
    // before it can meet a new \n, so it is rescanned with the changed text).
    const keep = this.lowerBound(change.offset);
    const middle: number[] = keep === 0 ? [0] : [];
    const scanEnd = change.offset + change.newLength;
    for (let position = Math.max(0, change.offset - 1); position < scanEnd; position++) {
      const ch = newText.charCodeAt(position);
      if (ch === 13) {
        if (newText.charCodeAt(position + 1) === 10) position++;
        middle.push(position + 1);
      } else if (ch === 10) {
        middle.push(position + 1);
      }
    }
    // Lines after the change keep their starts, moved by delta (those the rescan already found excepted).
    const last = middle.length > 0 ? middle[middle.length - 1] : keep > 0 ? this.startOf(keep - 1) : 0;
    let tail = this.lowerBound(change.offset + change.length + 1);
    while (tail < this.starts.length && this.startOf(tail) + delta <= last) tail++;
    // The pending move carries over when it starts between the kept lines and the moved ones (the
    // edit is on the line of the last one, or after it and before the next line); else it is written out.
    const carried = this.shiftBy === 0 || (this.shiftFrom >= keep && this.shiftFrom <= tail);
    const old = carried ? this.starts : this.settledStarts();
    const starts = new Int32Array(keep + middle.length + (old.length - tail));
    starts.set(old.subarray(0, keep), 0);
    starts.set(middle, keep);
    const shiftedAt = keep + middle.length;
    starts.set(old.subarray(tail), shiftedAt);
    const index = new LineIndex(newText);
    index.starts = starts;
    index.shiftFrom = shiftedAt;
    index.shiftBy = (carried ? this.shiftBy : 0) + delta;
    return index;
  }

  /** Start offset of the line containing `offset`. */
  lineStartOf(offset: number): number {
    return this.startOf(this.positionAt(offset).line);
  }

  /** The starts with the pending move written into them (a new array). */
  private settledStarts(): Int32Array {
    const starts = this.lineStarts.slice();
    for (let i = this.shiftFrom; i < starts.length; i++) starts[i] += this.shiftBy;
    return starts;
  }

  /** The first line whose start is at or after `offset`. */
  private lowerBound(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.startOf(mid) < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function computeLineStarts(text: string): Int32Array {
  // Typed storage grown by doubling: pushing 300,000 numbers into an array costs more than the scan.
  let starts = new Int32Array(Math.max(16, text.length >> 5));
  let count = 1;
  const add = (start: number) => {
    if (count === starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = start;
  };
  if (text.indexOf('\r') < 0) {
    // The common case, searched natively: only \n breaks lines.
    for (let found = text.indexOf('\n'); found >= 0; found = text.indexOf('\n', found + 1)) add(found + 1);
  } else {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        add(i + 1);
      } else if (ch === 10 /* \n */) {
        add(i + 1);
      }
    }
  }
  return starts.subarray(0, count);
}
