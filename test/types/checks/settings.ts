// Settings: callbacks given to the framework's are typed by what they take (plugins add theirs); any value is taken.
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

// Settings read as `any`, as with @types/express.
const env = app.get('env')
expectType<any>()(env)
expectType<any>()(app.settings)
const cache = app.enabled('view cache')
expectType<boolean>()(cache)

// The app's own settings take any value.
app.set('title', 'My Site')
app.set('db', { host: 'localhost' })
const title: string = app.get('title')
void title

// Any value is taken, as @types/express takes it (the setting itself refuses bad ones at run time).
app.set('subdomain offset', 'two')
app.set('etag', 'medium')
