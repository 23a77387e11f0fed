// The ```js and ```ts blocks of the README and of the pages in docs/, as the docs tests run them.

export interface Snippet {
  lang: 'js' | 'ts'
  code: string
  /** The page, relative to the repository: `README.md`, `docs/plugins.md`. */
  page: string
  /** Line of the block's first code line in its page (1-based). */
  line: number
  /** The heading the block sits under. */
  heading: string
}

/**
 * Pages whose blocks need packages beyond `ristretto` (an edition installed as `express`,
 * OpenTelemetry's SDK), run by a test of their own rather than by snippets.test.ts.
 */
export const PAGES_RUN_APART = new Map([['docs/apm.md', 'test/docs/apm-snippets.test.ts']])

/** The ```js and ```ts blocks of a page, in order. */
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
    if (open[1] === 'js' || open[1] === 'ts') {
      list.push({ lang: open[1], code: lines.slice(start, end).join('\n') + '\n', page, line: start + 1, heading })
    }
    i = end
  }
  return list
}

/** How a test names a block: `docs/plugins.md:138 (Writing a plugin)`. */
export function snippetName (snippet: Snippet): string {
  return `${snippet.page}:${snippet.line} (${snippet.heading})`
}
