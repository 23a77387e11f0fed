import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'
import { answering } from './support'

describe('req.path', () => {
  it('is the pathname of the URL, without the query', async () => {
    const app = answering((req) => req.path)
    await request(app).get('/login/form?redirect=/home').expect(200, '"/login/form"')
  })

  it('keeps percent-encoding as sent', async () => {
    const app = answering((req) => req.path)
    await request(app).get('/a%20b/%zz').expect(200, '"/a%20b/%zz"')
  })

  it('leaves out the mount path inside a mounted app or router', async () => {
    const app = framework()
    const router = framework.Router()
    router.use((req, res) => { res.end(`${req.baseUrl} ${req.path}`) })
    app.use('/admin', router)
    await request(app).get('/admin/users/1?x=1').expect(200, '/admin /users/1')
  })
})
