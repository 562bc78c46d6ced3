import './build-client.ts'
import '#server/index.ts'
