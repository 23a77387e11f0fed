// Downloads: res.download serves files from a folder as attachments; missing or forbidden paths get a page.
import fs from 'node:fs'
import path from 'node:path'
import express = require('../../presets/default')
import escapeHtml from 'escape-html'
import { exampleDir, listen } from '../support'

/** The folder files are downloaded from; nothing outside it can be reached. */
const FILES_DIR = path.join(exampleDir('downloads'), 'files')

/** Paths of the files under `dir`, relative to it, with `/` separators; dotfiles are left out. */
function listFiles (dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`))
    else out.push(prefix + entry.name)
  }
  return out.sort()
}

const app = express()

app.get('/', function index (req, res) {
  const links = listFiles(FILES_DIR).map((file) => {
    const href = `${req.baseUrl}/files/${file.split('/').map(encodeURIComponent).join('/')}`
    return `<li><a href="${escapeHtml(href)}">${escapeHtml(file)}</a></li>`
  })
  res.send(`<h1>Downloads</h1><ul>${links.join('')}</ul>`)
})

// Everything after /files/ names a file under FILES_DIR; `root` keeps `..` and absolute paths out.
app.get('/files/*', function download (req, res, next) {
  const file = req.params[0]
  res.download(file, { root: FILES_DIR, dotfiles: 'deny' }, function downloaded (err) {
    if (!err) return
    // Part of the file went out before the error: nothing more can be said on this response.
    if (res.headersSent) return
    const { status, code } = err as { status?: number, code?: string }
    if (status === 404 || code === 'EISDIR') {
      res.status(404).send(`<p>Cannot find ${escapeHtml(file)}, sorry.</p>`)
    } else if (status === 403 || status === 400) {
      res.status(status).send('<p>That file cannot be downloaded.</p>')
    } else {
      next(err)
    }
  })
})

app.use(function notFound (req, res) {
  res.status(404).send(`<p>Nothing here. <a href="${req.baseUrl}/">See the files</a></p>`)
})

export = app

if (require.main === module) listen(app, 'downloads')
