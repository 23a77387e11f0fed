// `ristretto/parser` as an ES module: default and named parser imports.
import bodyParser, { json, urlencoded } from 'ristretto/parser'
import express from 'ristretto'

const app = express()
app.use(json(), urlencoded({ extended: false }), bodyParser.text())
