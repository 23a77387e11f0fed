// Bad paths against the full-stack app: malformed percent-encoding and path traversal in every spelling.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { rawRequest } from './support'
import { header, json, runBadInputCases, text, type BadInputCase } from './bad-input-cases'
import { expectWarnings } from '../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['ristretto deprecated res.sendfile: Use res.sendFile instead'])

const get = (target: string, headers?: Record<string, string>): Buffer => rawRequest('GET', target, headers)

/** The spellings of "one folder up, then secret.txt" a request line can carry. */
const TRAVERSALS: ReadonlyArray<[string, string]> = [
  ['plain ..', '../secret.txt'],
  ['encoded dots %2e%2e', '%2e%2e/secret.txt'],
  ['upper-case %2E%2E', '%2E%2E/secret.txt'],
  ['encoded slash ..%2f', '..%2fsecret.txt'],
  ['fully encoded %2e%2e%2f', '%2e%2e%2fsecret.txt'],
  ['mixed .%2e', '.%2e/secret.txt'],
  ['encoded backslash ..%5c', '..%5csecret.txt'],
  ['raw backslash ..\\', '..\\secret.txt'],
  ['two levels with a detour', 'docs/../../secret.txt'],
  ['dot segments around ..', './../secret.txt'],
  ['encoded detour docs%2f..%2f..%2f', 'docs%2f..%2f..%2fsecret.txt']
]

/** Spellings that must be refused as malformed, never decoded into a path. */
const MALFORMED: ReadonlyArray<[string, string]> = [
  ['a NUL byte', 'hello.txt%00.html'],
  ['a NUL byte before ..', '%00../secret.txt'],
  ['overlong UTF-8 dots %c0%ae', '%c0%ae%c0%ae/secret.txt'],
  ['overlong UTF-8 slash %c0%af', '..%c0%afsecret.txt'],
  ['a truncated escape', 'hello.txt%e0%a4%a'],
  ['a lone %', 'hello%.txt']
]

const cases: BadInputCase[] = [
  // Malformed percent-encoding in parameters: 400, the parameter is never handed over half-decoded.
  { title: 'GET /users/%E0%A4%A (truncated escape in a param) is 400', request: get('/users/%E0%A4%A'), status: 400 },
  { title: 'GET /users/% (lone percent in a param) is 400', request: get('/users/%'), status: 400 },
  { title: 'GET /users/%zz (non-hex escape in a param) is 400', request: get('/users/%zz'), status: 400 },
  { title: 'GET /users/%ff (invalid UTF-8 in a param) is 400', request: get('/users/%ff'), status: 400 },
  { title: 'GET /range/%ff-1 (bad escape in a two-param segment) is 400', request: get('/range/%ff-1'), status: 400 },
  { title: 'GET /sub/%zz/items/1 (bad escape in a mounted app\'s merged params) is 400', request: get('/sub/%zz/items/1'), status: 400 },
  {
    title: 'GET /no%E0route (bad escape where no route matches) is 404, the path shown escaped',
    request: get('/no%E0<b>route'),
    status: 404,
    check (res) { assert.ok(!text(res).includes('<b>'), 'markup from the path reached the page') }
  },
  { title: 'GET /static/%E0%A4%A falls through to 404', request: get('/static/%E0%A4%A'), status: 404 },
  { title: 'GET /strict-static/%E0%A4%A is 400 without fallthrough', request: get('/strict-static/%E0%A4%A'), status: 400 },
  { title: 'GET /legacy/%E0%A4%A (res.sendfile decodes) is 400', request: get('/legacy/%E0%A4%A'), status: 400 },
  {
    title: 'GET /query?a=%E0%A4%A keeps the undecodable value as sent',
    request: get('/query?a=%E0%A4%A&b=%'),
    status: 200,
    check (res) { assert.deepEqual(json(res), { a: '%E0%A4%A', b: '%' }) }
  },
  {
    title: 'GET /users/caf%C3%A9 (valid UTF-8) is decoded',
    request: get('/users/caf%C3%A9'),
    status: 200,
    check (res) { assert.deepEqual(json(res), { id: 'café' }) }
  },
  { title: 'GET /users/<65 characters> is refused by the param callback (414)', request: get('/users/' + 'x'.repeat(65)), status: 414 },
  { title: 'a request line over the header limit is 431', request: get('/users/' + 'x'.repeat(20000)), status: 431 },
  { title: 'a control character in the request target is 400 (node\'s parser)', request: get('/users/a\x01b'), status: 400 },

  // The served files themselves, to show the routes do serve (so the refusals below mean something).
  { title: 'GET /static/hello.txt serves the file', request: get('/static/hello.txt'), status: 200, check (res) { assert.equal(text(res), 'hello, world\n') } },
  { title: 'GET /files/hello.txt serves the file', request: get('/files/hello.txt'), status: 200, check (res) { assert.equal(text(res), 'hello, world\n') } },
  { title: 'GET /static/%2fhello.txt stays inside the root', request: get('/static/%2fhello.txt'), status: 200 },
  { title: 'GET /files/%2fetc%2fpasswd is looked up inside the root', request: get('/files/%2fetc%2fpasswd'), status: 404 },
  { title: 'GET /static/%252e%252e/secret.txt (double encoding) is a literal name, 404', request: get('/static/%252e%252e/secret.txt'), status: 404 },
  { title: 'GET /strict-static/.hidden is 403 (dotfiles deny)', request: get('/strict-static/.hidden'), status: 403 },
  { title: 'GET /static/.hidden is 404 (dotfiles ignored by default)', request: get('/static/.hidden'), status: 404 },
  { title: 'GET /static/docs redirects to the folder, path-only Location', request: get('/static/docs'), status: 301, check (res) { assert.equal(header(res, 'location'), '/static/docs/') } },
  {
    title: 'GET /static/docs?x=<CR LF> redirects with the query encoded, no header injected',
    request: get('/static/docs?x=%0d%0aSet-Cookie:1&y=<b>'),
    status: 301,
    check (res) {
      assert.equal(header(res, 'location'), '/static/docs/?x=%0d%0aSet-Cookie:1&y=%3Cb%3E')
      assert.equal(header(res, 'set-cookie'), '')
      assert.ok(!text(res).includes('<b>'))
    }
  },
  {
    title: 'GET absolute-form http://localhost/static/../secret.txt is refused',
    request: get('http://localhost/strict-static/../secret.txt'),
    status: 403
  }
]

for (const [name, spelling] of TRAVERSALS) {
  cases.push(
    { title: `traversal (${name}) under framework.static falls through to 404`, request: get('/static/' + spelling), status: 404 },
    { title: `traversal (${name}) under framework.static without fallthrough is 403 or 404`, request: get('/strict-static/' + spelling), status: [403, 404] },
    { title: `traversal (${name}) in a res.sendFile param is 403 or 404`, request: get('/files/' + spelling), status: [403, 404] },
    { title: `traversal (${name}) in a res.download param is 403 or 404`, request: get('/download/' + spelling), status: [403, 404] },
    { title: `traversal (${name}) in res.sendfile (legacy) is 403 or 404`, request: get('/legacy/' + spelling), status: [403, 404] }
  )
}
for (const [name, spelling] of MALFORMED) {
  cases.push(
    { title: `${name} under framework.static falls through to 404`, request: get('/static/' + spelling), status: 404 },
    { title: `${name} under framework.static without fallthrough is 400`, request: get('/strict-static/' + spelling), status: 400 },
    // A raw `/` ends the parameter: no route matches.
    { title: `${name} in a res.sendFile param is 400 (404 when a raw / splits it)`, request: get('/files/' + spelling), status: spelling.includes('/') ? 404 : 400 },
    { title: `${name} in res.sendfile (legacy) is 400`, request: get('/legacy/' + spelling), status: 400 }
  )
}

describe('bad paths: malformed encoding and traversal', () => {
  runBadInputCases(cases)
})
