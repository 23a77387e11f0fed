// ES module consumers: named imports of values and types.

// @snippet named-imports.mts
import express, { Router, json, urlencoded, type Request, type Response, type NextFunction } from 'express'
const app = express()
app.use(json(), urlencoded({ extended: false }))
const router = Router()
router.get('/:id', (req: Request, res: Response, next: NextFunction) => { res.send(req.params.id) })
app.use(router)

// @snippet default-import.mts
import express from 'express'
express().get('/*all', (req, res) => {
  req.params.all // $ExpectType string[]
})

// @snippet static-named.mts
import express from 'express'
express().use(express.static('public'))
