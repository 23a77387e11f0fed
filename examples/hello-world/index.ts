// Hello world: the smallest app, one route answering with text.
import express = require('../../presets/default')
import { listen } from '../support'

const app = express()

app.get('/', function hello (req, res) {
  res.send('Hello World')
})

export = app

if (require.main === module) listen(app, 'hello-world')
