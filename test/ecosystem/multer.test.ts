// multer on the default preset: multipart uploads to a temp folder and to memory, fields and limits.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import multer from 'multer'
import express = require('../../presets/default')

describe('multer', () => {
  let dir = ''
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-multer-')) })
  after(() => { fs.rmSync(dir, { recursive: true, force: true }) })

  it('stores a single file in dest and puts text fields in req.body', async () => {
    const upload = multer({ dest: dir })
    const app = express()
    app.post('/profile', upload.single('avatar'), (req, res) => {
      const file = req.file!
      res.json({
        body: req.body,
        field: file.fieldname,
        name: file.originalname,
        size: file.size,
        type: file.mimetype,
        stored: fs.readFileSync(file.path, 'utf8'),
        inDest: path.dirname(file.path) === dir
      })
    })
    await request(app).post('/profile')
      .field('name', 'tobi')
      .attach('avatar', Buffer.from('not really a png'), { filename: 'me.png', contentType: 'image/png' })
      .expect(200, {
        body: { name: 'tobi' },
        field: 'avatar',
        name: 'me.png',
        size: 16,
        type: 'image/png',
        stored: 'not really a png',
        inDest: true
      })
  })

  it('accepts an array of files', async () => {
    const upload = multer({ dest: dir })
    const app = express()
    app.post('/photos/upload', upload.array('photos', 12), (req, res) => {
      const files = req.files as Express.Multer.File[]
      res.json(files.map((f) => [f.originalname, f.size]))
    })
    await request(app).post('/photos/upload')
      .attach('photos', Buffer.from('a'), 'a.txt')
      .attach('photos', Buffer.from('bb'), 'b.txt')
      .expect(200, [['a.txt', 1], ['b.txt', 2]])
  })

  it('keeps files in memory with memoryStorage and mixes with upload.fields', async () => {
    const upload = multer({ storage: multer.memoryStorage() })
    const app = express()
    app.post('/cool-profile', upload.fields([{ name: 'avatar', maxCount: 1 }, { name: 'gallery', maxCount: 8 }]), (req, res) => {
      const files = req.files as Record<string, Express.Multer.File[]>
      res.json({ avatar: files.avatar[0].buffer.toString(), gallery: files.gallery.length })
    })
    await request(app).post('/cool-profile')
      .attach('avatar', Buffer.from('AVATAR'), 'a.png')
      .attach('gallery', Buffer.from('1'), '1.png')
      .attach('gallery', Buffer.from('2'), '2.png')
      .expect(200, { avatar: 'AVATAR', gallery: 2 })
  })

  it('works as route middleware of app.route() and a Router', async () => {
    const upload = multer({ storage: multer.memoryStorage() })
    const router = express.Router()
    router.post('/doc', upload.single('doc'), (req, res) => { res.send(`router ${req.file!.originalname}`) })
    const app = express()
    app.route('/avatar').post(upload.single('avatar'), (req, res) => { res.send(`route ${req.file!.originalname}`) })
    app.use('/files', router)
    await request(app).post('/avatar').attach('avatar', Buffer.from('x'), 'face.png').expect(200, 'route face.png')
    await request(app).post('/files/doc').attach('doc', Buffer.from('x'), 'cv.pdf').expect(200, 'router cv.pdf')
  })

  it('parses text-only multipart with upload.none()', async () => {
    const app = express()
    app.post('/form', multer().none(), (req, res) => { res.json(req.body) })
    await request(app).post('/form').field('a', '1').field('b', '2').expect(200, { a: '1', b: '2' })
  })

  it('passes a MulterError to the error handlers', async () => {
    const upload = multer({ dest: dir, limits: { fileSize: 4 } })
    const app = express()
    app.post('/profile', upload.single('avatar'), (req, res) => { res.send('stored') })
    app.use((err: any, req: any, res: any, next: any) => {
      if (err instanceof multer.MulterError) return res.status(413).json({ code: err.code, field: err.field })
      next(err)
    })
    await request(app).post('/profile')
      .attach('avatar', Buffer.from('far too large'), 'big.bin')
      .expect(413, { code: 'LIMIT_FILE_SIZE', field: 'avatar' })
  })

  it('leaves a non-multipart request to the next middleware', async () => {
    const app = express()
    app.use(express.json())
    app.post('/', multer().none(), (req, res) => { res.json(req.body) })
    await request(app).post('/').send({ json: true }).expect(200, { json: true })
  })
})
