import sharp from 'sharp'

/** Where the test photos claim to have been taken; must never survive into a served file. */
export const SECRET_PLACE = 'taken-at-ruths-house'

/** A real JPEG carrying EXIF: a description naming a place and GPS coordinates (Nashville). */
export function jpegWithGps(width = 96, height = 72): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 190, g: 120, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: SECRET_PLACE },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 9/1 57/1', GPSLongitudeRef: 'W', GPSLongitude: '86/1 47/1 4/1' },
    })
    .toBuffer()
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid, tiny PNG whose header claims a huge canvas: a decompression bomb in waiting. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const HTML_AS_JPEG = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')

/** Skin-toned, the colour of the face drawn by `portraitWithFaceAtTop`. */
export const FACE_COLOUR = { r: 224, g: 172, b: 105 }

/**
 * A tall portrait (600 × 1500) on a plain grey ground with a detailed, skin-toned face near the top
 * (centred at y = 300): a centre crop to 4:5 would cut through it, an attention crop keeps it.
 */
export function portraitWithFaceAtTop(): Promise<Buffer> {
  const { r, g, b } = FACE_COLOUR
  const face = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <ellipse cx="300" cy="300" rx="170" ry="210" fill="rgb(${r},${g},${b})"/>
    <circle cx="240" cy="250" r="22" fill="#fff"/><circle cx="240" cy="250" r="11" fill="#222"/>
    <circle cx="360" cy="250" r="22" fill="#fff"/><circle cx="360" cy="250" r="11" fill="#222"/>
    <path d="M230 390 Q300 440 370 390" stroke="#8a2b2b" stroke-width="12" fill="none"/>
  </svg>`
  return sharp({ create: { width: 600, height: 1500, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([{ input: Buffer.from(face), top: 0, left: 0 }])
    .jpeg()
    .toBuffer()
}
