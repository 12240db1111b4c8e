declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * List islands: hydrate on the first interaction when the address asks for what the HTML
     * shows, else once the first frame is painted and the browser is idle (src/features/lists/first-tap/interaction-directive.ts).
     */
    'client:interaction'?: boolean;
  }
}

export {};
