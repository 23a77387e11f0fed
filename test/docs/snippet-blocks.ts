// The ```js, ```mjs and ```ts blocks of the README and of the pages in docs/, as the docs tests run them.

export interface Snippet {
  /** `mjs`: an ES module file. */
  lang: 'js' | 'mjs' | 'ts'
  code: string
  /** The page, relative to the repository: `README.md`, `docs/plugins.md`. */
  page: string
  /** Line of the block's first code line in its page (1-based). */
  line: number
  /** The heading the block sits under. */
  heading: string
  /**
   * The file the block names on its first line (`// instrument.mjs`, `// app.mjs: …`), when it is
   * one file of a program of several, run together by the test of its page.
   */
  file?: string
}

/**
 * Pages whose blocks need packages beyond `ristretto` (an edition installed as `express`,
 * OpenTelemetry's SDK), run by a test of their own rather than by snippets.test.ts.
 */
export const PAGES_RUN_APART = new Map([['docs/apm.md', ['test/docs/apm-snippets.test.ts', 'test/docs/apm-agents.test.ts']]])

const LANGS = new Set<Snippet['lang']>(['js', 'mjs', 'ts'])
const FILE = /^\/\/ ([\w.-]+\.(?:c|m)?[jt]s)(?::|$)/

/** The ```js, ```mjs and ```ts blocks of a page, in order. */
export function pageSnippets (page: string, text: string): Snippet[] {
  const lines = text.split('\n')
  const list: Snippet[] = []
  let heading = ''
  for (let i = 0; i < lines.length; i++) {
    if (/^#+ /.test(lines[i])) heading = lines[i].replace(/^#+ /, '')
    const open = /^```(\w*)\s*$/.exec(lines[i])
    if (!open) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++
    const lang = open[1] as Snippet['lang']
    if (LANGS.has(lang)) {
      const file = FILE.exec(lines[start] ?? '')?.[1]
      list.push({ lang, code: lines.slice(start, end).join('\n') + '\n', page, line: start + 1, heading, ...(file === undefined ? {} : { file }) })
    }
    i = end
  }
  return list
}

/** How a test names a block: `docs/plugins.md:138 (Writing a plugin)`. */
export function snippetName (snippet: Snippet): string {
  return `${snippet.page}:${snippet.line} (${snippet.heading})`
}
