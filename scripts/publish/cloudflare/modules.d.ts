// `public/_headers` imported as text by the Worker (wrangler's `Text` module rule in wrangler.jsonc).
declare module '*/_headers' {
  const text: string;
  export default text;
}
