import './build-client.ts'
import '../src/server/index.ts'
