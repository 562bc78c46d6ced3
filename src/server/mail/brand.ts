/**
 * The site's look for email, where Panda's tokens cannot reach: the values of panda.config.ts
 * (wine.700 brand.solid, gold.400 accent.solid, ivory canvas and surface, ink text). Mail clients
 * take inline styles only, so the templates read these constants and nothing else.
 */
export const BRAND_NAME = 'Covenant'

export const mailColors = {
  brand: '#7A2439',
  accent: '#D6A94A',
  canvas: '#FAF6EE',
  surface: '#FFFDF8',
  border: '#E2D6C4',
  text: '#2A2420',
  muted: '#5E544C',
  onBrand: '#FFFDF8',
} as const

export const mailFonts = {
  heading: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Times New Roman", serif',
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const
