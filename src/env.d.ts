declare module '*?chunk-url' {
  /** Root-relative address of the module, built as a chunk of its own (src/integrations/page-scripts). */
  const url: string;
  export default url;
}
