declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the first frame is painted and the browser is idle (after-paint-directive.ts). */
    'client:afterpaint'?: boolean;
  }
}

export {};
