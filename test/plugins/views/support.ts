// Shared helpers of the views tests: the fixtures folder and a tiny `{{name}}` template engine.
import fs from 'node:fs'
import path from 'node:path'

export const VIEWS = path.join(__dirname, '..', '..', 'fixtures', 'views')

/** Replaces `{{key}}` with `options[key]`; a missing key is a render error. */
export function tinyEngine (file: string, options: Record<string, any>, callback: (err: Error | null, html?: string) => void): void {
  fs.readFile(file, 'utf8', (err, text) => {
    if (err) { callback(err); return }
    try {
      callback(null, text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
        if (!(key in options)) throw Object.assign(new Error(`${key} is not defined`), { name: 'RenderError' })
        return String(options[key])
      }))
    } catch (e) {
      callback(e as Error)
    }
  })
}
