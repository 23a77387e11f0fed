// A backtracking regexp matcher that counts its steps: the work a backtracking engine (V8's
// Irregexp is one) does on an input, as a number that does not depend on the machine's speed.
// It follows ECMAScript's matching rules (alternatives and quantifiers tried in their order of
// preference, lookaheads atomic, captures of a quantified group cleared on each iteration) for
// the syntax path-to-regexp 0.1 and the layer write: literals and escapes, `.`, classes, groups
// (capturing, `(?:`, `(?=`, `(?!`), greedy and lazy quantifiers, `|`, `^`, `$`, and the `i`
// flag. Any other syntax throws, so that a test cannot count a regexp it does not understand.
// A step is one instruction of the compiled program, tried at one position; a search from every
// start position, as `exec` makes, counts them all.

type CharTest = (code: number) => boolean

type Node =
  | { type: 'char', test: CharTest }
  | { type: 'seq', items: Node[] }
  | { type: 'alt', options: Node[] }
  | { type: 'group', capture: number | undefined, body: Node }
  | { type: 'look', negate: boolean, body: Node }
  | { type: 'repeat', body: Node, min: number, max: number, greedy: boolean }
  | { type: 'begin' }
  | { type: 'end' }

const LINE_TERMINATORS = new Set([0x0a, 0x0d, 0x2028, 0x2029])
const isDigit: CharTest = (c) => c >= 0x30 && c <= 0x39
const isWord: CharTest = (c) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f
const isSpace: CharTest = (c) => /\s/.test(String.fromCharCode(c))
const not = (test: CharTest): CharTest => (c) => !test(c)

/** ECMAScript's Canonicalize for a non-Unicode `i` regexp. */
function canonicalize (code: number): number {
  const upper = String.fromCharCode(code).toUpperCase()
  if (upper.length !== 1) return code
  const result = upper.charCodeAt(0)
  return code >= 128 && result < 128 ? code : result
}

class Parser {
  pos = 0
  captures = 0
  constructor (readonly source: string, readonly ignoreCase: boolean) {}

  fail (what: string): never {
    throw new SyntaxError(`regexp-steps: ${what} at ${this.pos} of /${this.source}/`)
  }

  peek (): string { return this.source[this.pos] }

  parse (): Node {
    const node = this.alternation()
    if (this.pos < this.source.length) this.fail('unexpected )')
    return node
  }

  alternation (): Node {
    const options = [this.sequence()]
    while (this.peek() === '|') {
      this.pos++
      options.push(this.sequence())
    }
    return options.length === 1 ? options[0] : { type: 'alt', options }
  }

  sequence (): Node {
    const items: Node[] = []
    while (this.pos < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()))
    }
    return { type: 'seq', items }
  }

  quantified (atom: Node): Node {
    let min: number
    let max: number
    const c = this.peek()
    if (c === '*') { min = 0; max = Infinity; this.pos++ } else if (c === '+') { min = 1; max = Infinity; this.pos++ } else if (c === '?') { min = 0; max = 1; this.pos++ } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.pos))) {
      const [whole, low, comma, high] = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.pos))!
      min = Number(low)
      max = comma === undefined ? min : high === '' ? Infinity : Number(high)
      this.pos += whole.length
    } else {
      return atom
    }
    if (atom.type === 'begin' || atom.type === 'end' || atom.type === 'look') this.fail('quantified assertion')
    let greedy = true
    if (this.peek() === '?') { greedy = false; this.pos++ }
    return { type: 'repeat', body: atom, min, max, greedy }
  }

  atom (): Node {
    const c = this.source[this.pos++]
    switch (c) {
      case '^': return { type: 'begin' }
      case '$': return { type: 'end' }
      case '.': return { type: 'char', test: (code) => !LINE_TERMINATORS.has(code) }
      case '[': {
        const { negate, member } = this.charClass()
        const test = this.caseless(member)
        return { type: 'char', test: negate ? (code) => !test(code) : test }
      }
      case '\\': return { type: 'char', test: this.caseless(this.escape().test) }
      case '(': {
        let capture: number | undefined
        let look: boolean | undefined
        if (this.source.startsWith('?:', this.pos)) {
          this.pos += 2
        } else if (this.source.startsWith('?=', this.pos) || this.source.startsWith('?!', this.pos)) {
          look = this.source[this.pos + 1] === '!'
          this.pos += 2
        } else if (this.peek() === '?') {
          this.fail('unsupported group')
        } else {
          capture = ++this.captures
        }
        const body = this.alternation()
        if (this.source[this.pos++] !== ')') this.fail('missing )')
        return look === undefined ? { type: 'group', capture, body } : { type: 'look', negate: look, body }
      }
      case '*': case '+': case '?': case ')': case '|': return this.fail(`unexpected ${c}`)
      default: return { type: 'char', test: this.caseless(this.literal(c.charCodeAt(0))) }
    }
  }

  literal (code: number): CharTest {
    return (c) => c === code
  }

  caseless (test: CharTest): CharTest {
    if (!this.ignoreCase) return test
    // A class or character matches `c` when one of its members has the same canonical form.
    return (c) => {
      if (test(c)) return true
      const canonical = canonicalize(c)
      if (canonical !== c && test(canonical)) return true
      const lower = String.fromCharCode(c).toLowerCase()
      return lower.length === 1 && canonicalize(lower.charCodeAt(0)) === canonical && test(lower.charCodeAt(0))
    }
  }

  /** An escape, after the backslash: a class escape (no code), or a character and its code. */
  escape (inClass = false): { test: CharTest, code: number | undefined } {
    const c = this.source[this.pos++]
    if (c === undefined) this.fail('trailing \\')
    const classes: Record<string, CharTest> = { d: isDigit, D: not(isDigit), w: isWord, W: not(isWord), s: isSpace, S: not(isSpace) }
    if (c in classes) return { test: classes[c], code: undefined }
    const controls: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b }
    let code: number
    if (c in controls) {
      code = controls[c]
    } else if (c === 'x' || c === 'u') {
      const digits = c === 'x' ? 2 : 4
      const hex = this.source.slice(this.pos, this.pos + digits)
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) this.fail('bad hex escape')
      this.pos += digits
      code = parseInt(hex, 16)
    } else if (c === 'b' && inClass) {
      code = 0x08
    } else if (/[0-9bBk]/.test(c)) {
      return this.fail(`\\${c} (back reference, octal escape or word boundary)`)
    } else {
      code = c.charCodeAt(0)
    }
    return { test: this.literal(code), code }
  }

  /** A class, after its `[`: whether it is negated, and whether a character is one of its members. */
  charClass (): { negate: boolean, member: CharTest } {
    const negate = this.peek() === '^'
    if (negate) this.pos++
    const members: CharTest[] = []
    const single = (): { test: CharTest, code: number | undefined } => {
      const c = this.source[this.pos++]
      if (c === undefined) this.fail('unterminated class')
      return c === '\\' ? this.escape(true) : { test: this.literal(c.charCodeAt(0)), code: c.charCodeAt(0) }
    }
    while (this.peek() !== ']') {
      const low = single()
      if (this.peek() === '-' && this.source[this.pos + 1] !== ']' && this.source[this.pos + 1] !== undefined) {
        this.pos++
        const high = single()
        if (low.code === undefined || high.code === undefined || low.code > high.code) this.fail('bad class range')
        const from = low.code
        const to = high.code
        members.push((c) => c >= from && c <= to)
      } else {
        members.push(low.test)
      }
    }
    this.pos++
    return { negate, member: (c) => members.some((test) => test(c)) }
  }
}

type Instruction =
  | { op: 'char', test: CharTest }
  | { op: 'split', prefer: number, other: number }
  | { op: 'jump', to: number }
  | { op: 'save', slot: number }
  | { op: 'clear', slots: number[] }
  | { op: 'begin' }
  | { op: 'end' }
  | { op: 'look', negate: boolean, next: number }
  | { op: 'mark', slot: number }
  | { op: 'progress', slot: number }
  | { op: 'match' }

interface Program {
  code: Instruction[]
  /** Slots: 2 per capture (whole match first), then one per loop for its empty-iteration check. */
  slots: number
  captures: number
}

function capturesIn (node: Node): number[] {
  switch (node.type) {
    case 'seq': return node.items.flatMap(capturesIn)
    case 'alt': return node.options.flatMap(capturesIn)
    case 'group': return [...(node.capture === undefined ? [] : [node.capture]), ...capturesIn(node.body)]
    case 'look': case 'repeat': return capturesIn(node.body)
    default: return []
  }
}

function compile (regexp: RegExp): Program {
  const parser = new Parser(regexp.source, regexp.flags.includes('i'))
  const tree = parser.parse()
  const code: Instruction[] = []
  let slots = 2 * (parser.captures + 1)
  const emit = (instruction: Instruction): number => code.push(instruction) - 1

  const node = (n: Node): void => {
    switch (n.type) {
      case 'char': emit({ op: 'char', test: n.test }); break
      case 'begin': emit({ op: 'begin' }); break
      case 'end': emit({ op: 'end' }); break
      case 'seq': for (const item of n.items) node(item); break
      case 'group':
        if (n.capture !== undefined) emit({ op: 'save', slot: 2 * n.capture })
        node(n.body)
        if (n.capture !== undefined) emit({ op: 'save', slot: 2 * n.capture + 1 })
        break
      case 'alt': {
        const jumps: number[] = []
        n.options.forEach((option, i) => {
          if (i < n.options.length - 1) {
            const split = emit({ op: 'split', prefer: code.length + 1, other: -1 })
            node(option)
            jumps.push(emit({ op: 'jump', to: -1 }))
            ;(code[split] as { other: number }).other = code.length
          } else {
            node(option)
          }
        })
        for (const jump of jumps) (code[jump] as { to: number }).to = code.length
        break
      }
      case 'look': {
        const look = emit({ op: 'look', negate: n.negate, next: -1 })
        node(n.body)
        emit({ op: 'match' })
        ;(code[look] as { next: number }).next = code.length
        break
      }
      case 'repeat': {
        const inner = capturesIn(n.body).flatMap((i) => [2 * i, 2 * i + 1])
        const iteration = (): void => {
          if (inner.length) emit({ op: 'clear', slots: inner })
          node(n.body)
        }
        for (let i = 0; i < n.min; i++) iteration()
        if (n.max === Infinity) {
          const slot = slots++
          const loop = emit({ op: 'split', prefer: -1, other: -1 })
          const body = emit({ op: 'mark', slot })
          iteration()
          emit({ op: 'progress', slot })
          emit({ op: 'jump', to: loop })
          const exit = code.length
          code[loop] = n.greedy ? { op: 'split', prefer: body, other: exit } : { op: 'split', prefer: exit, other: body }
        } else {
          const splits: number[] = []
          for (let i = n.min; i < n.max; i++) {
            splits.push(emit({ op: 'split', prefer: -1, other: -1 }))
            iteration()
          }
          const exit = code.length
          for (const split of splits) {
            code[split] = n.greedy ? { op: 'split', prefer: split + 1, other: exit } : { op: 'split', prefer: exit, other: split + 1 }
          }
        }
        break
      }
    }
  }

  emit({ op: 'save', slot: 0 })
  node(tree)
  emit({ op: 'save', slot: 1 })
  emit({ op: 'match' })
  return { code, slots, captures: parser.captures }
}

/** Thrown when a match takes more steps than allowed. */
export class StepLimitExceeded extends Error {}

interface Counter { steps: number, limit: number }

/** Runs the program from `pc` at `pos`; the registers at the match, or null. Lookaheads recurse. */
function run (program: Program, pc: number, input: string, pos: number, registers: number[], counter: Counter): number[] | null {
  const { code } = program
  const backtrack: Array<[number, number, number[]]> = []
  for (;;) {
    let failed = false
    while (!failed) {
      if (++counter.steps > counter.limit) throw new StepLimitExceeded(`over ${counter.limit} steps`)
      const instruction = code[pc]
      switch (instruction.op) {
        case 'char':
          if (pos < input.length && instruction.test(input.charCodeAt(pos))) { pos++; pc++ } else failed = true
          break
        case 'split':
          backtrack.push([instruction.other, pos, registers.slice()])
          pc = instruction.prefer
          break
        case 'jump': pc = instruction.to; break
        case 'save': case 'mark': registers[instruction.slot] = pos; pc++; break
        case 'clear': for (const slot of instruction.slots) registers[slot] = -1; pc++; break
        case 'progress': if (registers[instruction.slot] === pos) failed = true; else pc++; break
        case 'begin': if (pos === 0) pc++; else failed = true; break
        case 'end': if (pos === input.length) pc++; else failed = true; break
        case 'look': {
          // Atomic: the first way the lookahead matches is the only one; it consumes nothing.
          const result = run(program, pc + 1, input, pos, registers.slice(), counter)
          if ((result === null) !== instruction.negate) failed = true
          else {
            if (result !== null) registers = result
            pc = instruction.next
          }
          break
        }
        case 'match': return registers
      }
    }
    const next = backtrack.pop()
    if (next === undefined) return null
    ;[pc, pos, registers] = next
  }
}

const programs = new WeakMap<RegExp, Program>()

export interface Counted {
  /** What `regexp.exec(input)` returns, as an array (null when there is no match). */
  match: Array<string | undefined> | null
  steps: number
}

/**
 * Matches `input` as `regexp.exec` does (from index 0, trying each start position in turn) and
 * counts the steps. Throws StepLimitExceeded past `limit` steps.
 */
export function countSteps (regexp: RegExp, input: string, limit = Infinity): Counted {
  if (regexp.flags.replace('i', '') !== '') throw new SyntaxError(`regexp-steps: flags ${regexp.flags}`)
  let program = programs.get(regexp)
  if (program === undefined) programs.set(regexp, program = compile(regexp))
  const counter: Counter = { steps: 0, limit }
  for (let start = 0; start <= input.length; start++) {
    const registers = run(program, 0, input, start, new Array<number>(program.slots).fill(-1), counter)
    if (registers !== null) {
      const match: Array<string | undefined> = []
      for (let i = 0; i <= program.captures; i++) {
        const [from, to] = [registers[2 * i], registers[2 * i + 1]]
        match.push(from === -1 || to === -1 ? undefined : input.slice(from, to))
      }
      return { match, steps: counter.steps }
    }
  }
  return { match: null, steps: counter.steps }
}
