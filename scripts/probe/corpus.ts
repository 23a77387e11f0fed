// The probe's bad-input corpus: generated requests by category, each with the rule telling a refusal from a request that got through.
import zlib from 'node:zlib'
import type { RawRequest, Reply } from './client'
import { SECRET_MARK } from './tree'

/** What an answered (or dropped) input did: refused as it should be, or served (the bad input got through). */
export type Verdict = 'refused' | 'served'

export interface ProbeInput extends RawRequest {
  label: string
  /** How an answer, or a connection closed without one, is judged. (No answer in time is a hang; a dead server a crash.) */
  judge (reply: Extract<Reply, { kind: 'answer' }> | { kind: 'closed' }): Verdict
}

export interface Category {
  name: string
  inputs: ProbeInput[]
  /** Send one input at a time (inputs that may end the process must be told apart). */
  serial?: boolean
}

const DEADLINE = 5000
/** Longer than the hardened build's idle-body timeout (5 s), far shorter than node's requestTimeout (300 s). */
const SHORT_BODY_DEADLINE = 8000

function get (target: string, extra = ''): string {
  return `GET ${target} HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n${extra}\r\n`
}

function post (target: string, type: string, body: string | Buffer, extra = ''): Buffer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1')
  const head = `POST ${target} HTTP/1.1\r\nHost: probe\r\nConnection: close\r\nContent-Type: ${type}\r\nContent-Length: ${bytes.length}\r\n${extra}\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes])
}

/** Served when a secret file's text came back. */
function leaks (reply: Parameters<ProbeInput['judge']>[0]): Verdict {
  return reply.kind === 'answer' && reply.body.includes(SECRET_MARK) ? 'served' : 'refused'
}

/** Served when the app's merge of the parsed data reached a prototype. */
function pollutes (reply: Parameters<ProbeInput['judge']>[0]): Verdict {
  return reply.kind === 'answer' && reply.body.includes('"polluted":true') ? 'served' : 'refused'
}

/** Every combination of the lists' items, joined. */
function combine (...lists: string[][]): string[] {
  return lists.reduce<string[]>((acc, list) => acc.flatMap((a) => list.map((b) => a + b)), [''])
}

function malformedHttp (): Category {
  const raw = [
    'GET / HTTP/1.1\r\nHost: p\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: p\r\n\r\n',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Length: 3\r\nContent-Length: 30\r\n\r\nabc',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Length: -1\r\n\r\n',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Length: 1e3\r\n\r\n',
    'POST /merge HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked, identity\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3;\x00\r\nabc\r\n0\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\nNoColonHere\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\nBad Name: x\r\n\r\n',
    'GET / HTTP/1.1\nHost: p\nX: bare-lf\n\n',
    'GET / HTTP/1.1\r\nHost: p\r\nX: a\rInjected: 1\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\nX: a\x00b\r\n\r\n',
    'GET / HTTP/1.1\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\nX: ' + 'a'.repeat(20000) + '\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\n' + 'X-N: 1\r\n'.repeat(3000) + '\r\n',
    'FOO / HTTP/1.1\r\nHost: p\r\n\r\n',
    'GET /\x00 HTTP/1.1\r\nHost: p\r\n\r\n',
    'GET /\r\n\r\n',
    'GET / HTTP/2.0\r\nHost: p\r\n\r\n',
    'GET / HTTP/1.1 extra\r\nHost: p\r\n\r\n',
    'GET /a b HTTP/1.1\r\nHost: p\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\nX: a\r\n folded\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: p\r\nHost: q\r\n\r\n',
    'CONNECT probe:80 HTTP/1.1\r\nHost: p\r\n\r\n',
    '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03',
    'GET / HTTP/1.1\r\nHost: p\r\nExpect: 100-continue\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{"',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Type: application/json; charset=x-unknown\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope',
    'POST /merge HTTP/1.1\r\nHost: p\r\nContent-Type: application/json\r\nContent-Encoding: br, gzip\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'
  ]
  return {
    name: 'Malformed HTTP',
    inputs: raw.map((bytes, i) => ({
      label: `malformed #${i + 1}`,
      bytes: Buffer.from(bytes, 'latin1'),
      deadline: DEADLINE,
      // Refused: a 4xx/5xx answer other than a crash page's 500, or a closed connection; served: a success or a 500.
      judge: (reply) => reply.kind === 'closed' || (reply.status >= 400 && reply.status !== 500) ? 'refused' : 'served'
    }))
  }
}

function traversal (): Category {
  const dots = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '.%2E']
  const seps = ['/', '%2f', '%2F', '%5c', '\\']
  const shapes = combine(dots, seps).flatMap((up) => {
    const sep = up.slice(up.search(/\/|%2f|%2F|%5c|\\/))
    return [up + 'secret.txt', 'sub' + sep + up + up + 'secret.txt', '.' + sep + up + 'secret.txt']
  })
  const inputs = combine(['/dl/', '/static/', '/send/', '/dl-root/'], shapes).map((target) => ({
    label: target, bytes: get(target), deadline: DEADLINE, judge: leaks
  }))
  return { name: 'Path traversal', inputs }
}

function symlinks (): Category {
  const names = ['out.txt', 'abs.txt', 'outdir/secret.txt', 'outdir/elsewhere/secret.txt', 'sub/up/secret.txt', 'chain1', 'sub/out2.txt',
    'linked-dir/secret.txt', 'out%2etxt', 'outdir%2fsecret.txt', 'sub%2fup%2fsecret.txt', 'linked-dir/./secret.txt', 'sub/../out.txt']
  const inputs = combine(['/static/', '/send/', '/dl-root/'], names).map((target) => ({
    label: target, bytes: get(target), deadline: DEADLINE, judge: leaks
  }))
  return { name: 'Symbolic links out of the root', inputs }
}

function dotfiles (): Category {
  const names = ['.git/config', '.env', 'sub/.ssh/id_rsa', '.hidden/notes.txt', '%2egit/config', '.git%2fconfig', '%2eenv',
    'sub/%2essh/id_rsa', '%2ehidden%2fnotes.txt', 'sub/../.git/config']
  const inputs = combine(['/static/', '/send/', '/dl/', '/dl-root/'], names).map((target) => ({
    label: target, bytes: get(target), deadline: DEADLINE, judge: leaks
  }))
  return { name: 'Dotfiles and dot folders', inputs }
}

function pollution (): Category {
  const json = ['{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"a":{"__proto__":{"polluted":1}}}',
    '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":1}}', '{"a":[{"__proto__":{"polluted":1}}]}', '[{"__proto__":{"polluted":1}}]',
    '{"a":{"constructor":{"prototype":{"polluted":1}}}}', '{"__proto__":{"__proto__":{"polluted":1}}}', '{"prototype":{"polluted":1}}']
  const forms = ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'a[__proto__][polluted]=1', 'a[constructor][prototype][polluted]=1',
    '__proto__.polluted=1', '[__proto__][polluted]=1', 'a[0][constructor][prototype][polluted]=1', 'constructor.prototype.polluted=1',
    '__proto__=polluted', 'a[b][constructor][prototype][polluted]=1']
  const inputs: ProbeInput[] = [
    ...json.map((body) => ({ label: 'json ' + body, bytes: post('/merge', 'application/json', body), deadline: DEADLINE, judge: pollutes })),
    ...forms.map((body) => ({ label: 'form ' + body, bytes: post('/merge', 'application/x-www-form-urlencoded', body), deadline: DEADLINE, judge: pollutes })),
    ...forms.map((body) => ({ label: 'simple form ' + body, bytes: post('/merge-simple', 'application/x-www-form-urlencoded', body), deadline: DEADLINE, judge: pollutes })),
    ...forms.map((query) => ({ label: 'query ' + query, bytes: get('/merge?' + query), deadline: DEADLINE, judge: pollutes }))
  ]
  return { name: 'Prototype pollution keys', inputs }
}

function crlf (): Category {
  const values = ['%0d%0aInjected:%201', '%0aInjected:%201', '%0dInjected:%201', '%E5%98%8A%E5%98%8DInjected:%201', '%00Injected:%201',
    '%0d%0a%0d%0a%3Chtml%3E', '%c4%8d%c4%8aInjected:%201', 'x%0d%0a%20Injected:%201', '%u000aInjected:%201']
  const inputs = combine(['/header?v=', '/redirect?to=', '/cookie?v=', '/attachment?v='], values).map((target) => ({
    label: target,
    bytes: get(target),
    deadline: DEADLINE,
    judge: (reply: Parameters<ProbeInput['judge']>[0]): Verdict =>
      reply.kind === 'answer' && /(?:^|[\r\n])(?:Injected|<html>)/i.test(reply.head) ? 'served' : 'refused'
  }))
  return { name: 'CRLF injection (headers, redirects)', inputs }
}

function shortBodies (): Category {
  const inputs: ProbeInput[] = []
  const bodies: Array<[string, string]> = [['application/json', '{"a":"' + 'x'.repeat(200) + '"}'],
    ['application/x-www-form-urlencoded', 'a=' + 'x'.repeat(200)], ['text/plain', 'x'.repeat(200)]]
  for (const [type, body] of bodies) {
    for (const gzip of [false, true]) {
      const bytes = gzip ? zlib.gzipSync(body) : Buffer.from(body)
      for (const [name, sent] of [['no body byte', 0], ['half the body', Math.floor(bytes.length / 2)], ['all but one byte', bytes.length - 1]] as const) {
        const head = `POST /merge HTTP/1.1\r\nHost: probe\r\nContent-Type: ${type}\r\nContent-Length: ${bytes.length}\r\n` +
          (gzip ? 'Content-Encoding: gzip\r\n' : '') + '\r\n'
        inputs.push({
          label: `${type}${gzip ? ' gzip' : ''}, ${name}`,
          bytes: Buffer.concat([Buffer.from(head), bytes.subarray(0, sent)]),
          deadline: SHORT_BODY_DEADLINE,
          judge: (reply) => reply.kind === 'closed' || reply.status >= 400 ? 'refused' : 'served'
        })
      }
    }
  }
  return { name: 'Bodies short of their Content-Length', inputs }
}

function backslashRedirects (): Category {
  const folder = ['/\\evil.example/%2e%2e%2fdir', '/\\\\evil.example/%2e%2e%2fdir', '/\\evil.example%2f%2e%2e%2fdir', '/\\/evil.example/..%2fdir',
    '/%5cevil.example/%2e%2e%2fdir', '/\\evil.example/.%2e/dir', '/static/\\evil.example/%2e%2e%2fdir']
  const targets = ['/\\evil.example', '\\\\evil.example', '/\\/evil.example', '\\/evil.example', '/%5Cevil.example', '/%5C%5Cevil.example', '\\evil.example']
  const offHost = (reply: Parameters<ProbeInput['judge']>[0]): Verdict => {
    if (reply.kind !== 'answer') return 'refused'
    const location = /\r\nlocation: *([^\r\n]*)/i.exec(reply.head)
    // Browsers read `\` as `/` and skip leading tabs and spaces: two slashes lead to another host.
    return location && /^[\s]*[\\/][\s]*[\\/]/.test(location[1]) ? 'served' : 'refused'
  }
  const inputs: ProbeInput[] = [
    ...folder.map((target) => ({ label: 'folder ' + target, bytes: get(target), deadline: DEADLINE, judge: offHost })),
    ...targets.map((to) => ({ label: 'redirect ' + to, bytes: get('/redirect?to=' + encodeURIComponent(to)), deadline: DEADLINE, judge: offHost }))
  ]
  return { name: 'Backslash redirects', inputs }
}

function directories (): Category {
  const names = ['sub', 'sub/', 'sub/deeper', 'sub/deeper/', '.', '%2e', 'sub/%2e', 'dir']
  const inputs = combine(['/dl/', '/dl-cb/', '/dl-root/', '/send/', '/send-cb/'], names).map((target) => ({
    label: target,
    bytes: get(target),
    deadline: DEADLINE,
    judge: (reply: Parameters<ProbeInput['judge']>[0]): Verdict => reply.kind === 'answer' && reply.status !== 404 && reply.status !== 403 ? 'served' : 'refused'
  }))
  return { name: 'Folders given to sendFile/download', inputs }
}

function redos (): Category {
  const answered = (): Verdict => 'refused'
  const targets: string[] = []
  for (const n of [1000, 3000, 7000]) {
    targets.push('/p/' + 'a-'.repeat(n), '/q/' + 'a.'.repeat(n), '/r/' + '-'.repeat(n), '/p/' + '-'.repeat(n) + 'x',
      '/query?' + 'a['.repeat(n), '/query?' + 'a[]=1&'.repeat(Math.floor(n / 3)), '/query?' + '%'.repeat(n), '/query?a=' + '%25'.repeat(n),
      '/query?' + '&'.repeat(n) + 'a=1', '/query?' + 'a.'.repeat(n) + '=1', '/query?a' + '[b]'.repeat(Math.floor(n / 3)) + '=1',
      '/static/' + '%2e%2e/'.repeat(Math.floor(n / 7)), '/static/' + '/'.repeat(n) + 'a.txt')
  }
  return {
    name: 'ReDoS-shaped paths and queries',
    inputs: targets.map((target) => ({ label: target.slice(0, 30) + `… (${target.length})`, bytes: get(target), deadline: DEADLINE, judge: answered }))
  }
}

function rejections (): Category {
  const inputs = ['/async?fail', '/async?fail=1', '/async?fail[]=x', '/async?a=1&fail', '/async?fail=%00'].map((target) => ({
    label: target,
    bytes: get(target),
    deadline: DEADLINE,
    judge: (reply: Parameters<ProbeInput['judge']>[0]): Verdict => reply.kind === 'answer' && reply.status === 500 ? 'refused' : 'served'
  }))
  return { name: 'Rejected promises from handlers', inputs, serial: true }
}

/** The whole corpus, in the order it is run and reported. */
export function corpus (): Category[] {
  return [malformedHttp(), traversal(), symlinks(), dotfiles(), pollution(), crlf(), shortBodies(), backslashRedirects(), directories(), redos(), rejections()]
}
