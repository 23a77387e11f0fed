// Settings: the framework's are typed by what they take (plugins add theirs); any other name holds any value.
import express from 'ristretto'
import { expectType } from './assert-type'

const app = express()

app.set('trust proxy', 'loopback, 10.0.0.0/8')
app.set('trust proxy', ['loopback', '192.168.0.0/16'])
app.set('trust proxy', 2)
app.set('trust proxy', (addr, hop) => addr === '127.0.0.1' || hop < 1)
app.set('etag', 'strong')
app.set('etag', (body, encoding) => `"${body.length.toString(16)}"`)
app.set('query parser', 'simple')
app.set('query parser', (str: string) => new URLSearchParams(str))
app.set('subdomain offset', 3)
app.set('views', ['views', 'shared/views'])
app.set('view engine', 'pug')
app.set('json spaces', 2)
app.set('json replacer', ['id', 'name'])
app.enable('case sensitive routing').enable('strict routing').disable('x-powered-by')

const env = app.get('env')
expectType<string>()(env)
const offset = app.get('subdomain offset')
expectType<number>()(offset)
const engine = app.get('view engine')
expectType<string | undefined>()(engine)
const cache = app.enabled('view cache')
expectType<boolean>()(cache)

// The app's own settings take any value.
app.set('title', 'My Site')
app.set('db', { host: 'localhost' })
const title: string = app.get('title')
void title

// @ts-expect-error the offset is a number
app.set('subdomain offset', 'two')
// @ts-expect-error not an etag value
app.set('etag', 'medium')
// @ts-expect-error not a query parser value
app.set('query parser', 'extended-plus')
// @ts-expect-error views are folders
app.set('views', 42)
