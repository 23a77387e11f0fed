// Content negotiation: one resource as HTML, plain text or JSON, chosen by the Accept header with res.format.
import express = require('../../presets/default')
import escapeHtml from 'escape-html'
import { listen } from '../support'
import type { ErrorRequestHandler, Response } from '../../kernel'

interface User { name: string, email: string }

const users: User[] = [
  { name: 'Tobi', email: 'tobi@example.com' },
  { name: 'Loki', email: 'loki@example.com' },
  { name: 'Jane', email: 'jane@example.com' }
]

/** Sends `users` in the representation the client prefers; 406 (through next) when it accepts none. */
function sendUsers (res: Response, list: User[]): void {
  res.format({
    html () {
      const items = list.map((u) => `<li>${escapeHtml(u.name)} &lt;${escapeHtml(u.email)}&gt;</li>`)
      res.send(`<ul>${items.join('')}</ul>`)
    },
    text () {
      res.send(list.map((u) => ` - ${u.name} <${u.email}>`).join('\n') + '\n')
    },
    json () {
      res.json(list)
    }
  })
}

const app = express()

app.get('/', function allUsers (req, res) {
  sendUsers(res, users)
})

// The same negotiation for one user; the name comes from the URL and is escaped in HTML.
app.get('/users/:name', function oneUser (req, res, next) {
  const user = users.find((u) => u.name.toLowerCase() === req.params.name.toLowerCase())
  if (!user) return next()
  sendUsers(res, [user])
})

// A `default` callback answers clients that accept none of the listed types.
app.get('/greeting', function greeting (req, res) {
  res.format({
    'text/plain' () { res.send('hello') },
    'application/json' () { res.json({ greeting: 'hello' }) },
    default () { res.type('text').send('hello (plain text, as nothing you accept is offered)') }
  })
})

app.use(function notFound (req, res) {
  res.status(404).format({
    html () { res.send(`<p>Nothing at ${escapeHtml(req.path)}</p>`) },
    json () { res.json({ error: 'Not Found' }) },
    default () { res.type('text').send('Not Found') }
  })
})

// res.format's 406 error (it carries the offered `types`) as a plain-text list.
const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  if (err.status === 406 && Array.isArray(err.types)) {
    res.status(406).type('text').send(`Not Acceptable. Available: ${err.types.join(', ')}`)
    return
  }
  next(err)
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'content-negotiation')
