// A child process for the signal tests: listens with `signals: true`, reports its port and each arrival on stdout.
import { frameworkWith } from './support'

const ownListener = process.argv.includes('--own-listener')
// `--no-timeout`: only the requests' end (or a second signal) can end the shutdown.
const app = frameworkWith({ signals: true, timeout: process.argv.includes('--no-timeout') ? Infinity : 5000 })()
app.get('/slow', (req, res) => {
  process.stdout.write('arrived\n')
  setTimeout(() => res.send('slow done'), 300)
})
app.get('/hang', () => { process.stdout.write('arrived\n') })
if (ownListener) {
  process.on('SIGTERM', () => { process.stdout.write('own listener\n') })
}
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`)
})
server.on('close', () => { process.stdout.write('closed\n') })
