// Where a call came from: the first stack frame outside the framework's own folders.
import path from 'path'
import { fileURLToPath } from 'url'

/** The folders of the framework itself (sources or build): calls from them are the framework's. */
const ROOT = path.resolve(__dirname, '..', '..')
const FRAMEWORK = ['kernel', 'plugins', 'presets'].map((dir) => path.join(ROOT, dir) + path.sep)

/** `at fn (file:line:col)` or `at file:line:col`, as V8 writes a frame (source-mapped when maps are on). */
const FRAME = /^\s*at (?:.*?\()?((?:file:\/\/)?[^()\s]+?):(\d+):(\d+)\)?$/

/** A call site: `file:line:column`. */
export interface CallSite {
  readonly file: string
  readonly line: number
  readonly column: number
}

function isFramework (file: string): boolean {
  return FRAMEWORK.some((dir) => file.startsWith(dir))
}

/** Frames as file, line and column, from a stack's text. */
function frames (stack: string): CallSite[] {
  const out: CallSite[] = []
  for (const line of stack.split('\n')) {
    const m = FRAME.exec(line)
    if (!m) continue
    const file = m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1]
    out.push({ file, line: Number(m[2]), column: Number(m[3]) })
  }
  return out
}

/**
 * The caller of `above` (a function on the stack), or undefined when that caller is the
 * framework itself (a helper calling another) or is not a file (node's internals).
 */
export function callerOutsideFramework (above: Function): CallSite | undefined {
  const holder: { stack?: string } = {}
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 1
  try {
    Error.captureStackTrace(holder, above)
  } finally {
    Error.stackTraceLimit = limit
  }
  const [first] = frames(holder.stack ?? '')
  if (first === undefined || isFramework(first.file) || !path.isAbsolute(first.file)) return undefined
  return first
}

/** `file:line:column`. */
export function formatCallSite (site: CallSite): string {
  return `${site.file}:${site.line}:${site.column}`
}
