// A regular expression engine whose time is linear in the input, for the patterns picomatch makes
// of globs (which come from configuration files and settings an untrusted workspace controls).
// RE2 cannot run them: every glob with a `*` compiles to lookaheads (`(?=.)`, `(?!\.{1,2}(?:\/|$))`),
// and negated extglobs and regex groups written in a glob bring arbitrary ones. So the pattern is
// parsed as ECMA-262 reads it without flags (regexpp), compiled to an NFA, and run as a set of
// states over the input (never backtracking). A lookaround is a question about one position: one
// whose body matches at most a few characters is answered there when first asked (and kept), any
// other for every position at once by one run of its body over the whole input (right to left for
// a lookahead, left to right for a lookbehind). Without captures a lookaround only asks whether its
// body matches, so this is ECMA-262's meaning; backreferences have no such reading and are refused.
import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { complement, DIGITS, ECMA_SPACE, LINE_TERMINATORS, normalize, WORD, type CodePointSet } from '../schema/codePointSets';

/** The pattern needs what this engine does not do (a backreference), or is too large. */
export class UnsupportedPattern extends Error {}

/** Instructions of all the programs of one pattern (a 1,024-character glob needs about 2,000 at most): past this, the pattern is refused as too large. */
export const MAX_INSTRUCTIONS = 20_000;
/** A lookaround whose body matches at most this many characters is answered where it is asked. */
const DIRECT_LOOKAROUND_LENGTH = 8;

const SET = 0;
const SPLIT = 1;
const START = 2;
const END = 3;
const WORD_BOUNDARY = 4;
const NOT_WORD_BOUNDARY = 5;
const LOOK = 6;
const MATCH = 7;
/** One of the lookaheads picomatch writes into every glob's expression, answered by code. */
const KNOWN_LOOK = 8;

/**
 * picomatch's own lookaheads (constants.js, POSIX), by their source: each asks about the next
 * three characters at most, so asking by code spares a run of the body at every position. Any
 * other lookaround (Windows spellings included) runs as written; the differential tests hold both.
 */
const KNOWN_LOOKAHEADS = new Map<string, (input: string, at: number) => boolean>([
  // ONE_CHAR: a character follows, and it is no line terminator.
  ['(?=.)', (input, at) => at < input.length && !isLineTerminator(input.charCodeAt(at))],
  // NO_DOT
  ['(?!\\.)', (input, at) => input.charCodeAt(at) !== 0x2e],
  // NO_DOTS_SLASH: not `.` or `..` followed by `/` or the end.
  ['(?!\\.{1,2}(?:\\/|$))', (input, at) => !dotsThenSlash(input, at)],
  // NO_DOT_SLASH: not `/`, the end, or `.` followed by either.
  [
    '(?!\\.{0,1}(?:\\/|$))',
    (input, at) => !(slashOrEnd(input, at) || (input.charCodeAt(at) === 0x2e && slashOrEnd(input, at + 1))),
  ],
  // NO_DOTS: not a `.` or `..` segment starting here (at the start, or after a `/` that follows).
  [
    '(?!(?:^|\\/)\\.{1,2}(?:\\/|$))',
    (input, at) => !((at === 0 && dotsThenSlash(input, at)) || (input.charCodeAt(at) === 0x2f && dotsThenSlash(input, at + 1))),
  ],
]);

const KNOWN_LOOKAHEAD_INDEX = new Map([...KNOWN_LOOKAHEADS.keys()].map((raw, index) => [raw, index]));
const KNOWN_LOOKAHEAD_TESTS = [...KNOWN_LOOKAHEADS.values()];

function isLineTerminator(unit: number): boolean {
  return unit === 0x0a || unit === 0x0d || unit === 0x2028 || unit === 0x2029;
}

function slashOrEnd(input: string, at: number): boolean {
  return at === input.length || input.charCodeAt(at) === 0x2f;
}

/** `.` or `..` at `at`, then `/` or the end. */
function dotsThenSlash(input: string, at: number): boolean {
  if (input.charCodeAt(at) !== 0x2e) return false;
  if (slashOrEnd(input, at + 1)) return true;
  return input.charCodeAt(at + 1) === 0x2e && slashOrEnd(input, at + 2);
}

/** Code units (the pattern has no `u` flag): sorted, disjoint inclusive intervals within 0..0xFFFF. */
/** Within the BMP: the matcher reads UTF-16 code units. */
const MAX_UNIT = 0xffff;

interface CharSet {
  /** 1 where an ASCII code unit is in the set. */
  ascii: Uint8Array;
  /** The set's intervals above ASCII, flattened. */
  high: Int32Array;
}

interface Program {
  /** 1: each step reads the character after the position; -1: the one before it. */
  direction: 1 | -1;
  op: Uint8Array;
  /** SET: the set; SPLIT, assertions: the next instruction; LOOK, KNOWN_LOOK: the lookaround. */
  a: Int32Array;
  /** SET, LOOK, KNOWN_LOOK: the next instruction; SPLIT: the other one. */
  b: Int32Array;
  start: number;
  /** Whether every match starts at the first position it may (a leading `^`, forwards). */
  anchored: boolean;
  sets: CharSet[];
  // Work space of a run, reused (a program never runs inside its own run).
  current: Int32Array;
  next: Int32Array;
  stack: Int32Array;
  marks: Uint32Array;
  generation: number;
}

interface Lookaround {
  program: Program;
  negate: boolean;
  /** Answered at the position asked (a short body), else for all positions at once. */
  direct: boolean;
}

function isWordUnit(unit: number): boolean {
  return (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || unit === 0x5f || (unit >= 0x61 && unit <= 0x7a);
}

function intervalsOf(element: AST.CharacterClassElement | AST.CharacterSet | AST.Character | AST.CharacterClass): CodePointSet {
  switch (element.type) {
    case 'Character':
      return [[element.value, element.value]];
    case 'CharacterClassRange':
      return [[element.min.value, element.max.value]];
    case 'CharacterSet': {
      if (element.kind === 'any') return complement(LINE_TERMINATORS, MAX_UNIT);
      if (element.kind === 'property') throw new UnsupportedPattern('a Unicode property escape');
      const base = element.kind === 'digit' ? DIGITS : element.kind === 'space' ? ECMA_SPACE : WORD;
      return element.negate ? complement(base, MAX_UNIT) : base;
    }
    case 'CharacterClass': {
      const union = normalize(element.elements.flatMap((inner) => intervalsOf(inner as AST.CharacterClassElement)));
      return element.negate ? complement(union, MAX_UNIT) : union;
    }
    default:
      throw new UnsupportedPattern(`a class element of type ${element.type}`);
  }
}

/** The most characters `node` can match (Infinity when unbounded). */
/** The longest of the alternatives (a loop: a pattern may have more of them than a call takes arguments). */
function longestOf(alternatives: readonly AST.Alternative[]): number {
  let longest = -Infinity;
  for (const alternative of alternatives) longest = Math.max(longest, maxLength(alternative));
  return longest;
}

function maxLength(node: AST.Element | AST.Alternative): number {
  switch (node.type) {
    case 'Alternative':
      return node.elements.reduce((sum, element) => sum + maxLength(element), 0);
    case 'Assertion':
      return 0;
    case 'Quantifier': {
      const inner = maxLength(node.element);
      return inner === 0 ? 0 : node.max * inner;
    }
    case 'Group':
    case 'CapturingGroup':
      return longestOf(node.alternatives);
    case 'Character':
    case 'CharacterSet':
    case 'CharacterClass':
    case 'ExpressionCharacterClass':
      return 1;
    case 'Backreference':
      return Infinity;
  }
}

class ProgramBuilder {
  readonly op: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  private readonly setIndex = new Map<string, number>();
  readonly sets: CharSet[] = [];

  constructor(
    readonly direction: 1 | -1,
    private readonly compiler: Compiler,
  ) {}

  emit(op: number, a: number, b: number): number {
    this.compiler.charge();
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    return this.op.length - 1;
  }

  set(intervals: CodePointSet, next: number): number {
    const key = intervals.map(([low, high]) => `${low}-${high}`).join(',');
    let index = this.setIndex.get(key);
    if (index === undefined) {
      const ascii = new Uint8Array(128);
      const high: number[] = [];
      for (const [low, top] of intervals) {
        for (let unit = low; unit <= Math.min(top, 127); unit++) ascii[unit] = 1;
        if (top >= 128) high.push(Math.max(low, 128), top);
      }
      index = this.sets.length;
      this.sets.push({ ascii, high: Int32Array.from(high) });
      this.setIndex.set(key, index);
    }
    return this.emit(SET, index, next);
  }

  /** The instructions matching `alternatives`, then going on to `next`. */
  disjunction(alternatives: AST.Alternative[], next: number): number {
    const starts = alternatives.map((alternative) => this.sequence(alternative.elements, next));
    let start = starts[starts.length - 1];
    for (let index = starts.length - 2; index >= 0; index--) start = this.emit(SPLIT, starts[index], start);
    return start;
  }

  private sequence(elements: AST.Element[], next: number): number {
    // Built from the continuation back: the last element read is compiled first.
    let start = next;
    if (this.direction === 1)
      for (let index = elements.length - 1; index >= 0; index--) start = this.element(elements[index], start);
    else for (const element of elements) start = this.element(element, start);
    return start;
  }

  private element(element: AST.Element, next: number): number {
    switch (element.type) {
      case 'Character':
      case 'CharacterSet':
      case 'CharacterClass':
        return this.set(normalize(intervalsOf(element)), next);
      case 'ExpressionCharacterClass':
        throw new UnsupportedPattern('a class expression');
      case 'Backreference':
        throw new UnsupportedPattern('a backreference');
      case 'Group':
        if (element.modifiers) throw new UnsupportedPattern('modifiers');
        return this.disjunction(element.alternatives, next);
      case 'CapturingGroup':
        return this.disjunction(element.alternatives, next);
      case 'Quantifier':
        return this.quantifier(element, next);
      case 'Assertion':
        switch (element.kind) {
          case 'start':
            return this.emit(START, next, 0);
          case 'end':
            return this.emit(END, next, 0);
          case 'word':
            return this.emit(element.negate ? NOT_WORD_BOUNDARY : WORD_BOUNDARY, next, 0);
          case 'lookahead': {
            const known = this.compiler.knownLookaheads ? KNOWN_LOOKAHEAD_INDEX.get(element.raw) : undefined;
            if (known !== undefined) return this.emit(KNOWN_LOOK, known, next);
            return this.emit(LOOK, this.compiler.lookaround(element), next);
          }
          case 'lookbehind':
            return this.emit(LOOK, this.compiler.lookaround(element), next);
        }
    }
  }

  private quantifier(quantifier: AST.Quantifier, next: number): number {
    const { min, max, element } = quantifier;
    let start = next;
    if (max === Infinity) {
      const loop = this.emit(SPLIT, 0, next);
      this.a[loop] = this.element(element, loop);
      start = loop;
    } else {
      for (let count = min; count < max; count++) start = this.emit(SPLIT, this.element(element, start), next);
    }
    for (let count = 0; count < min; count++) start = this.element(element, start);
    return start;
  }

  build(start: number, anchored: boolean): Program {
    const size = this.op.length;
    return {
      direction: this.direction,
      op: Uint8Array.from(this.op),
      a: Int32Array.from(this.a),
      b: Int32Array.from(this.b),
      start,
      anchored,
      sets: this.sets,
      current: new Int32Array(size),
      next: new Int32Array(size),
      // A SPLIT pushes two, and a state may be pushed once by each instruction leading to it.
      stack: new Int32Array(2 * size + 2),
      marks: new Uint32Array(size),
      generation: 0,
    };
  }
}

class Compiler {
  private instructions = 0;

  constructor(readonly knownLookaheads: boolean) {}

  readonly lookarounds: Lookaround[] = [];

  charge(): void {
    if (++this.instructions > MAX_INSTRUCTIONS) throw new UnsupportedPattern('the pattern is too large');
  }

  program(alternatives: AST.Alternative[], direction: 1 | -1, anchored: boolean): Program {
    const builder = new ProgramBuilder(direction, this);
    const match = builder.emit(MATCH, 0, 0);
    return builder.build(builder.disjunction(alternatives, match), anchored);
  }

  lookaround(assertion: AST.LookaroundAssertion): number {
    const ahead = assertion.kind === 'lookahead';
    const direct = longestOf(assertion.alternatives) <= DIRECT_LOOKAROUND_LENGTH;
    // Answered where asked: read the way the assertion looks. For every position at once: read
    // the other way, from each position the body could end at, to the positions it starts from.
    const direction = ahead === direct ? 1 : -1;
    const index = this.lookarounds.length;
    this.lookarounds.push(undefined as unknown as Lookaround);
    this.lookarounds[index] = {
      program: this.program(assertion.alternatives, direction, false),
      negate: assertion.negate,
      direct,
    };
    return index;
  }
}

interface Run {
  input: string;
  /** Per lookaround: per position 0 unknown, 1 holds, 2 does not (before negation). */
  answers: Array<Uint8Array | undefined>;
}

const parser = new RegExpParser({ ecmaVersion: 2024 });

export class LinearRegExp {
  private readonly main: Program;
  private readonly lookarounds: Lookaround[];
  /** Whether the closure being computed reached a match. */
  private matched = false;

  /**
   * `source` as `new RegExp(source)` reads it (no flags). Throws SyntaxError or UnsupportedPattern.
   * `knownLookaheads: false` runs picomatch's lookaheads as written too (for the tests that hold
   * the two ways to each other).
   */
  constructor(
    readonly source: string,
    options: { knownLookaheads?: boolean } = {},
  ) {
    const pattern = parser.parsePattern(source, 0, source.length, { unicode: false });
    const compiler = new Compiler(options.knownLookaheads ?? true);
    const anchored = pattern.alternatives.every((alternative) => {
      const first = alternative.elements[0];
      return first?.type === 'Assertion' && first.kind === 'start';
    });
    this.main = compiler.program(pattern.alternatives, 1, anchored);
    this.lookarounds = compiler.lookarounds;
  }

  /** What `new RegExp(source).test(input)` answers. */
  test(input: string): boolean {
    const run: Run = { input, answers: new Array<Uint8Array | undefined>(this.lookarounds.length) };
    return this.simulate(this.main, run, 0, !this.main.anchored, undefined);
  }

  /**
   * Runs `program` from `from` in its direction. With `everywhere`, a match may start at any
   * position on the way, else only at `from`. Without `record`, answers whether it matches at
   * all; with it, marks every position where a match ends (and answers false).
   */
  private simulate(program: Program, run: Run, from: number, everywhere: boolean, record: Uint8Array | undefined): boolean {
    const { a, b, direction, sets } = program;
    const input = run.input;
    const end = direction === 1 ? input.length : 0;
    let current = program.current;
    let next = program.next;
    let count = 0;
    let position = from;
    this.matched = false;
    nextGeneration(program);
    for (;;) {
      if (everywhere || position === from) count = this.closure(program, run, program.start, position, current, count);
      if (this.matched) {
        if (!record) return true;
        record[position] = 1;
        this.matched = false;
      }
      if (position === end || (count === 0 && !everywhere)) return false;
      const unit = input.charCodeAt(direction === 1 ? position : position - 1);
      position += direction;
      nextGeneration(program);
      let nextCount = 0;
      for (let index = 0; index < count; index++) {
        const pc = current[index];
        const set = sets[a[pc]];
        if (unit < 128 ? set.ascii[unit] === 1 : inHigh(set.high, unit))
          nextCount = this.closure(program, run, b[pc], position, next, nextCount);
      }
      const swap = current;
      current = next;
      next = swap;
      count = nextCount;
    }
  }

  /** Adds to `list` the reading states reached from `start` at `at` without reading; notes a match. */
  private closure(program: Program, run: Run, start: number, at: number, list: Int32Array, length: number): number {
    const { op, a, b, stack, marks } = program;
    const generation = program.generation;
    const input = run.input;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top];
      if (marks[pc] === generation) continue;
      marks[pc] = generation;
      switch (op[pc]) {
        case SET:
          list[length++] = pc;
          break;
        case SPLIT:
          stack[top++] = b[pc];
          stack[top++] = a[pc];
          break;
        case START:
          if (at === 0) stack[top++] = a[pc];
          break;
        case END:
          if (at === input.length) stack[top++] = a[pc];
          break;
        case WORD_BOUNDARY:
        case NOT_WORD_BOUNDARY: {
          const before = at > 0 && isWordUnit(input.charCodeAt(at - 1));
          const after = at < input.length && isWordUnit(input.charCodeAt(at));
          if ((before !== after) === (op[pc] === WORD_BOUNDARY)) stack[top++] = a[pc];
          break;
        }
        case LOOK: {
          // Another program runs here (never this one: lookarounds nest as a tree), and may
          // clear the match flag this run has set.
          const matched = this.matched;
          if (this.holds(a[pc], at, run)) stack[top++] = b[pc];
          this.matched = matched;
          break;
        }
        case KNOWN_LOOK:
          if (KNOWN_LOOKAHEAD_TESTS[a[pc]](input, at)) stack[top++] = b[pc];
          break;
        case MATCH:
          this.matched = true;
          break;
      }
    }
    return length;
  }

  private holds(index: number, position: number, run: Run): boolean {
    const lookaround = this.lookarounds[index];
    let answers = run.answers[index];
    if (!answers) {
      answers = new Uint8Array(run.input.length + 1);
      run.answers[index] = answers;
      if (!lookaround.direct) {
        // Every position where the body, read backwards from where it could end, starts.
        const { program } = lookaround;
        this.simulate(program, run, program.direction === 1 ? 0 : run.input.length, true, answers);
        for (let at = 0; at < answers.length; at++) if (answers[at] === 0) answers[at] = 2;
      }
    }
    if (answers[position] === 0) answers[position] = this.simulate(lookaround.program, run, position, false, undefined) ? 1 : 2;
    return (answers[position] === 1) !== lookaround.negate;
  }
}

/** A new mark for a closure; the marks are cleared before the counter would pass what they hold. */
function nextGeneration(program: Program): void {
  if (program.generation === 0xffffffff) {
    program.marks.fill(0);
    program.generation = 0;
  }
  program.generation++;
}

function inHigh(high: Int32Array, unit: number): boolean {
  for (let index = 0; index < high.length; index += 2) {
    if (unit < high[index]) return false;
    if (unit <= high[index + 1]) return true;
  }
  return false;
}
