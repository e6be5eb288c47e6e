export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first reaches for the island (src/directives/interaction.ts). */
    'client:interaction'?: boolean | { query?: boolean };
  }
}
