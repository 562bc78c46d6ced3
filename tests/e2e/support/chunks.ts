/** A built script's name without its content hash (`landing-page`, `discover-screen`), or undefined for any other address. */
export function chunkName(url: string) {
  return /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1]
}
