// The app of the lambda example: a small JSON API that serves over HTTP here and on AWS Lambda through handler.ts.
import express = require('../../presets/default')
import { listen } from '../support'

const app = express()

/** A 1×1 transparent PNG: a binary response, which the handler sends base64-encoded. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

const NOTES = [
  { id: 1, text: 'Deployed with ristretto/lambda' },
  { id: 2, text: 'Same app, same answers, no server' }
]

app.use(express.json())

app.get('/notes', function listNotes (req, res) {
  res.json(NOTES)
})

app.get('/notes/:id', function showNote (req, res) {
  const note = NOTES.find((n) => String(n.id) === req.params.id)
  if (note === undefined) {
    res.status(404).json({ error: `no note ${req.params.id}` })
    return
  }
  res.json(note)
})

app.post('/notes', function checkNote (req, res) {
  const text: unknown = req.body?.text
  if (typeof text !== 'string' || text === '') {
    res.status(422).json({ error: 'a note needs a text' })
    return
  }
  res.status(201).json({ id: NOTES.length + 1, text })
})

// Under Lambda, req.ip is the event's source IP and req.apiGateway the invocation.
app.get('/whoami', function whoAmI (req, res) {
  const event = req.apiGateway?.event as { requestContext?: { requestId?: string, stage?: string } } | undefined
  res.json({ ip: req.ip ?? null, requestId: event?.requestContext?.requestId ?? null, stage: event?.requestContext?.stage ?? null })
})

app.post('/session', function startSession (req, res) {
  res.cookie('session', 'abc123', { httpOnly: true, secure: true })
  res.cookie('theme', 'dark')
  res.json({ started: true })
})

app.get('/pixel.png', function pixel (req, res) {
  res.type('png').send(PIXEL)
})

export = app

if (require.main === module) listen(app, 'lambda')
